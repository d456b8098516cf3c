import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { UiService } from './fixtures';

/** The clip view's locators and the user's moves on it (e2e/ui/clip-view.spec.ts). */
export class ClipPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cut' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: /Cut a clip/ })).toBeVisible();
  }

  /** Drops a local file on the drop zone, as from a file manager. */
  async drop(file: string): Promise<void> {
    const data = { name: path.basename(file), base64: fs.readFileSync(file).toString('base64') };
    const dataTransfer = await this.page.evaluateHandle((f) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: 'video/mp4', lastModified: Date.now() }));
      return dt;
    }, data);
    const zone = this.page.locator('.dropzone');
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
  }

  timecode(): Locator {
    return this.page.getByTestId('timecode');
  }

  timeline(): Locator {
    return this.page.getByRole('group', { name: /^Timeline/ });
  }

  segments(): Locator {
    return this.page.getByRole('list', { name: 'Segments' }).getByRole('listitem');
  }

  /** Ready to cut: the picture has a frame and the keyframes are known. */
  async waitReady(): Promise<void> {
    await expect
      .poll(() => this.page.locator('.clip-screen video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await expect(this.timeline()).not.toHaveAttribute('data-keyframes', '0', { timeout: 30_000 });
  }

  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.keyboard.press(key);
  }

  /** Ctrl+G, the timecode typed, Enter: the playhead there, the keys back on the view. */
  async goTo(timecode: string): Promise<void> {
    await this.press('Control+g');
    await this.page.keyboard.type(timecode);
    await this.page.keyboard.press('Enter');
    await expect(this.timecode()).toHaveText(timecode);
  }

  /** Presses a key and waits for the timecode it leads to. */
  async pressTo(key: string, times: number, timecode: string): Promise<void> {
    await this.press(key, times);
    await expect(this.timecode()).toHaveText(timecode);
  }
}

/** A 320×240 (unless `size` says) H.264 (B-frames, by default 4 s with a keyframe every second) + AAC clip, at 25 fps unless `rate` says, made now by the system ffmpeg. */
export function makeClip(dir: string, opts: { seconds?: number; gop?: number; rate?: string; size?: string } = {}): string {
  const file = path.join(dir, 'walk-clip.mp4');
  const d = opts.seconds ?? 4;
  // A tone that swells and fades, so the waveform has a shape to see.
  const tone = `aevalsrc=0.8*sin(2*PI*440*t)*abs(sin(PI*t/2)):s=44100:d=${d}`;
  const src = ['-f', 'lavfi', '-i', `testsrc=size=${opts.size ?? '320x240'}:rate=${opts.rate ?? 25}:duration=${d}`, '-f', 'lavfi', '-i', tone];
  const enc = ['-c:v', 'libx264', '-g', String(opts.gop ?? 25), '-bf', '2', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];
  execFileSync('ffmpeg', ['-v', 'error', ...src, ...enc, file]);
  return file;
}

export function probe(file: string): { frames: number; duration: number } {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=nb_read_frames:format=duration',
    '-of',
    'json',
    file,
  ]);
  const json = JSON.parse(out.toString()) as { streams: { nb_read_frames: string }[]; format: { duration: string } };
  return { frames: Number(json.streams[0]?.nb_read_frames), duration: Number(json.format.duration) };
}

/**
 * Holds the service's proxy queue for a while: a file no browser plays (720p MPEG-2 of `seconds`)
 * is stored and its proxy asked for, so a file opened next waits behind it and its quick look
 * stays on screen.
 */
export async function holdProxyQueue(svc: UiService, dir: string, seconds: number): Promise<void> {
  const busy = path.join(dir, 'busy.mkv');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${seconds}`, '-c:v', 'mpeg2video', '-q:v', '4', busy]);
  const form = new FormData();
  form.append('upload_file', new Blob([new Uint8Array(fs.readFileSync(busy))]), 'busy.mkv');
  const ahead = await (await fetch(`${svc.url}/v1/files/upload`, { method: 'POST', headers: { 'X-API-KEY': svc.apiKey }, body: form })).json();
  const queued = await fetch(`${svc.url}/v1/files/${ahead.file_id}/proxy`, { headers: { 'X-API-KEY': svc.apiKey } });
  expect(await queued.json()).toMatchObject({ status: 'PENDING' });
}
