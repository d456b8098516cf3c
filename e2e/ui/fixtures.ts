import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { createService } from '../../src-service/index';
import { createClient, type FfdeskClient, type RunCommandRequest } from '../../src-service/client';
import { AppPage } from './app-page';
import { ffmpeg, madeOnce } from '../../src-service/testing/media';
import { sharedFfmpegCacheFile } from '../../src-service/testing/suite-leftovers';

export const SAMPLE_NAMES = [
  'sample-video.mp4',
  'sample-audio.mp3',
  'sample-music.mp3',
  'sample-image.png',
  'sample-logo.png',
  'sample-subtitles.srt',
  'sample-frames.zip',
];
const WEB_ROOT = path.resolve('out/renderer');
/**
 * Made once per run, not per test (docs/contributing.md, "Suite time"): what the service learns
 * about the ffmpeg builds (the file vitest's test services share) and the demo samples (a
 * folder in the run's own temp root, removed with it).
 */
const FFMPEG_CACHE_FILE = sharedFfmpegCacheFile();
const SAMPLES_CACHE_DIR = path.join(os.tmpdir(), 'samples-cache');
const SCREENS = path.resolve('test-results/screens');

export interface UiService {
  url: string;
  apiKey: string;
  dataDir: string;
  client: FfdeskClient;
  /** Resolves once the offline-demo samples are stored (made by ffmpeg at start); only in tests that use `samples: true`. */
  samplesReady(): Promise<void>;
}

const testFolders: string[] = [];

/** A fresh temp folder for one test's own files; removed when the test's service is torn down. */
export function testFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  testFolders.push(dir);
  return dir;
}

/**
 * Each test: its own service on port 0 serving the built renderer, in a fresh data dir.
 * `serviceKey: 'generated'` lets the service make its local key (written to the key file)
 * instead of being given one, as `npm run serve` does without FFDESK_API_KEY.
 * `samples: true` (`test.use`) gives the service the offline-demo samples: storing and probing
 * seven files costs every test that has them, so only the tests that use them ask (docs/contributing.md, "Suite time").
 */
export const test = base.extend<{ serviceKey: 'given' | 'generated'; samples: boolean; svc: UiService }>({
  serviceKey: ['given', { option: true }],
  samples: [false, { option: true }],
  svc: async ({ serviceKey, samples }, use) => {
    if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('Build the renderer first: npm run build:renderer');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-e2e-'));
    const given = serviceKey === 'given' ? `e2e-key-${Math.random().toString(36).slice(2, 12)}` : undefined;
    const service = createService({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      ...(given ? { apiKey: given } : {}),
      webRoot: WEB_ROOT,
      samples,
      samplesCacheDir: SAMPLES_CACHE_DIR,
      ffmpegCacheFile: FFMPEG_CACHE_FILE,
      quiet: true,
    });
    const { url } = await service.start();
    const apiKey = given ?? service.localKey;
    const client = createClient({ baseUrl: url, apiKey });
    await use({
      url,
      apiKey,
      dataDir,
      client,
      samplesReady: () => (samples ? waitForSamples(client) : Promise.reject(new Error('This test has no samples: test.use({ samples: true })'))),
    });
    await service.stop();
    await settledOrLate(service.settled());
    for (const dir of [dataDir, ...testFolders.splice(0)]) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  },
});

/** Waits for work stop() gave up on (e.g. demo samples still being made on a loaded machine), at most a minute. */
async function settledOrLate(settled: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([settled, new Promise<void>((r) => (timer = setTimeout(r, 60_000)))]);
  clearTimeout(timer);
}

async function waitForSamples(client: FfdeskClient): Promise<void> {
  await expect
    .poll(
      async () => {
        const files = await client.listFiles();
        return SAMPLE_NAMES.filter((n) => files.some((f) => f.filename === n && f.status === 'STORED')).length;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(SAMPLE_NAMES.length);
}

/**
 * A 320×180 (unless `size` says) H.264/AAC clip of `seconds` (a keyframe every second), made by ffmpeg once per run
 * for each length (`madeOnce`) and stored through the API; resolves with its file id once STORED. For a test that needs one video and not
 * the seven demo samples: as short as its check allows (docs/contributing.md, "Suite time").
 */
export async function storeClip(svc: UiService, filename: string, seconds: number, size = '320x180'): Promise<string> {
  const name = `clip-${seconds}s-${size}${path.extname(filename)}`;
  const lavfi = ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`];
  const made = madeOnce(name, (dir) =>
    ffmpeg([...lavfi, '-c:v', 'libx264', '-g', '25', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', name], dir),
  );
  const stored = await svc.client.uploadFile(new Blob([fs.readFileSync(path.join(made, name))]), { filename });
  await expect.poll(async () => (await svc.client.getFile(stored.file_id)).status).toBe('STORED');
  return stored.file_id;
}

/** Runs a command to its end, opens its job and out_1's "Compare with input": the large player, open. */
export async function compareOutput(page: Page, svc: UiService, request: RunCommandRequest): Promise<Locator> {
  const { command_id } = await svc.client.runCommand(request);
  await svc.client.waitForCommand(command_id, { intervalMs: 250 });
  const app = new AppPage(page);
  await openApp(page, svc, `#/jobs/${command_id}`);
  await expect(app.jobStatus()).toHaveText('Success');
  await app.outputCard('out_1').getByRole('button', { name: 'Compare with input' }).click();
  const player = app.largePlayer();
  await expect(player).toBeVisible();
  return player;
}

/** Opens the app with the key in the fragment, as `npm start` prints it. */
export async function openApp(page: Page, svc: UiService, route = '#/jobs'): Promise<void> {
  await page.goto(`${svc.url}/#key=${encodeURIComponent(svc.apiKey)}`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  if (route !== '#/jobs') await page.goto(`${svc.url}/${route}`);
}

export async function screen(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
}

/** Samples values until `done` says so, so a test can assert that something moved. */
export async function sampleWhile<T>(
  read: () => Promise<T>,
  done: () => Promise<boolean>,
  opts: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<T[]> {
  const values: T[] = [];
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('sampleWhile: timed out');
    values.push(await read());
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 150));
  }
  return values;
}

export { expect };
