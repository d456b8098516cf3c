import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seriousViolations } from './axe-check';
import { ClipPage, holdProxyQueue } from './clip-page';
import { expect, openApp, test, testFolder } from './fixtures';

/** Where the picture and the other track's sound are, and whether each plays (docs/gui.md, "Audio tracks"). */
interface Clocks {
  video: number;
  sound: number | null;
  soundPaused: boolean | null;
  muted: boolean;
}

test.describe('audio tracks in the clip view', () => {
  test('when a recording has a game and a microphone track, then A switches to the microphone, which plays, pauses and steps with the muted picture; A again goes back', async ({
    page,
    svc,
  }) => {
    // As OBS records with two tracks: H.264, the game (440 Hz) and the microphone (1000 Hz), both AAC, in MP4 (played as it is; MP4 keeps track names as handler names).
    const file = path.join(testFolder('ffdesk-sound-'), 'two-tracks.mp4');
    const tone = (hz: number) => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=8`];
    execFileSync('ffmpeg', [
      '-v',
      'error',
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=8', ...tone(440), ...tone(1000)],
      ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'libx264', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-metadata:s:a:0', 'handler_name=Game', '-metadata:s:a:1', 'handler_name=Mic', file],
    ]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(file);
    await clip.waitReady();
    const button = page.getByTestId('sound-track');
    const sound = page.getByTestId('sound');
    const clocks = (): Promise<Clocks> =>
      page.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>('.clip-screen video') as HTMLVideoElement;
        const a = document.querySelector<HTMLAudioElement>('audio[data-testid="sound"]');
        return { video: v.currentTime, sound: a ? a.currentTime : null, soundPaused: a ? a.paused : null, muted: v.muted };
      });
    await expect(button).toHaveText('Sound: 1 · Game (1 ch)');
    await expect(sound).toHaveCount(0);
    expect((await clocks()).muted).toBe(false);

    // The timeline's waveform is the microphone's, asked for once.
    const micWave = page.waitForResponse((r) => r.url().includes('/timeline?audio_track=2'));
    await clip.press('a');
    expect((await micWave).status()).toBe(200);
    await expect(button).toHaveText('Sound: 2 · Mic (1 ch)');
    await expect(sound).toHaveAttribute('src', /sound2\.m4a/, { timeout: 30_000 });
    await expect.poll(() => sound.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(2);
    expect((await clocks()).muted).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // L: both play; the sound stays within 0.15 s of the picture.
    await clip.press('l');
    await expect.poll(async () => (await clocks()).video, { timeout: 10_000 }).toBeGreaterThan(1);
    const playing = await clocks();
    expect(playing.soundPaused).toBe(false);
    expect(Math.abs((playing.sound as number) - playing.video)).toBeLessThan(0.15);
    // The sound starts a few tens of ms behind the picture, and catches up by playing a little faster: within 30 ms soon.
    await expect
      .poll(
        async () => {
          const c = await clocks();
          return Math.abs((c.sound as number) - c.video);
        },
        { timeout: 5_000 },
      )
      .toBeLessThan(0.03);
    // K: both stop, the sound on the picture's time.
    await clip.press('k');
    await expect.poll(async () => (await clocks()).soundPaused).toBe(true);
    const paused = await clocks();
    expect(Math.abs((paused.sound as number) - paused.video)).toBeLessThan(0.05);
    // Jumps move the sound too: Home to the first frame, Shift+→ to the keyframe at 1 s (where K stopped
    // may be a frame before a keyframe, so the jump from there is not measured).
    const soundAt = async (t: number) => {
      await expect.poll(async () => Math.round((await clocks()).video * 10) / 10).toBe(t);
      await expect.poll(async () => Math.abs(((await clocks()).sound as number) - t) < 0.05).toBe(true);
    };
    await clip.pressTo('Home', 1, '00:00:00:00');
    await soundAt(0);
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:01:00');
    await soundAt(1);

    // A again: back to the game, from the picture itself.
    await clip.press('a');
    await expect(button).toHaveText('Sound: 1 · Game (1 ch)');
    await expect(sound).toHaveCount(0);
    expect((await clocks()).muted).toBe(false);
  });

  test('when a recording has a game and a microphone track and subtitles, then A and T export the microphone alone, and the track boxes leave the subtitles out', async ({
    page,
    svc,
  }) => {
    // The game (stereo) and the microphone (mono), told apart in the output by their channels, and one English subtitle track.
    const dir = testFolder('ffdesk-tracks-');
    const srt = path.join(dir, 'en.srt');
    fs.writeFileSync(srt, '1\n00:00:01,000 --> 00:00:03,000\nhello\n');
    const file = path.join(dir, 'game-mic.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=1000:duration=6', '-i', srt],
      ...['-map', '0', '-map', '1', '-map', '2', '-map', '3', '-c:v', 'libx264', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac:a:0', '2'],
      ...['-c:s', 'mov_text', '-metadata:s:s:0', 'language=eng', '-metadata:s:a:0', 'handler_name=Game', '-metadata:s:a:1', 'handler_name=Mic', file],
    ]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(file);
    await clip.waitReady();
    const choice = page.getByTestId('track-choice');
    // Each track, and the mix of the two sound tracks.
    await expect(choice.getByRole('checkbox')).toHaveCount(4);
    await expect(choice).toContainText('Sound 1 · Game (2 ch)');
    await expect(choice).toContainText('Subtitles 1 (eng, mov_text)');
    const line = page.getByTestId('sound-kept');
    await expect(line).toHaveText('Sound: every track (T: only the one you hear).');

    // U shows the subtitles over the picture: the line on screen at 1 s is there.
    const shownSubtitles = page.getByTestId('subtitles-shown');
    await expect(shownSubtitles).toHaveText('Subtitles: off');
    await clip.press('u');
    await expect(shownSubtitles).toHaveText('Subtitles: 1 (eng)');
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:01:00');
    const onScreen = () =>
      page.evaluate(() => {
        const t = document.querySelector<HTMLVideoElement>('.clip-screen video')?.textTracks[0];
        return t ? `${t.mode}: ${(t.activeCues?.[0] as VTTCue | undefined)?.text ?? ''}` : 'no track';
      });
    await expect.poll(onScreen, { timeout: 10_000 }).toBe('showing: hello');
    await clip.press('u');
    await expect(shownSubtitles).toHaveText('Subtitles: off');
    await expect.poll(onScreen).toBe('no track');
    await clip.press('i');
    await clip.pressTo('Shift+ArrowRight', 2, '00:00:03:00');
    await clip.press('o');
    // A: hear the microphone; T: export it alone.
    await clip.press('a');
    await expect(page.getByTestId('sound-track')).toHaveText('Sound: 2 · Mic (1 ch)');
    await clip.press('t');
    await expect(line).toHaveText('Sound: track 2 · Mic (1 ch) only (T: every track).');
    await expect(choice.getByRole('checkbox', { name: 'Sound 1 · Game (2 ch)' })).not.toBeChecked();
    await expect(choice.getByRole('checkbox', { name: 'Sound 2 · Mic (1 ch)' })).toBeChecked();
    // The subtitles out, by their box (reached with Tab like any field; Space ticks it).
    const subtitles = choice.getByRole('checkbox', { name: /^Subtitles 1/ });
    await subtitles.focus();
    await page.keyboard.press('Space');
    await expect(subtitles).not.toBeChecked();
    // A sound-only file of both tracks is refused before it is sent; of the microphone alone it is not.
    const name = page.getByLabel('File name');
    await name.fill('both.mp3');
    await clip.press('Escape');
    await clip.press('t');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await expect(exportPanel.getByText(/A \.mp3 file holds one sound track: press T/)).toBeVisible();
    // Shift+T mixes the two into one track, which an .mp3 holds; Shift+T again keeps them apart.
    await clip.press('Shift+T');
    await expect(line).toHaveText('Sound: every track, mixed into one (Shift+T: apart; T: only the one you hear).');
    await expect(choice.getByRole('checkbox', { name: /^Mix the 2 sound tracks into one/ })).toBeChecked();
    await expect(exportPanel.getByText(/holds one sound track/)).toHaveCount(0);
    await clip.press('Shift+T');
    await expect(exportPanel.getByText(/A \.mp3 file holds one sound track/)).toBeVisible();
    await clip.press('t');
    await expect(exportPanel.getByText(/holds one sound track/)).toHaveCount(0);
    await name.fill('mic.mp4');
    await name.press('Enter');
    await expect(exportPanel.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });

    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const record = await svc.client.getCommand(href.split('/').pop() ?? '');
    expect(record.original_request).toMatchObject({ audio_tracks: [2], subtitle_tracks: [] });
    const out = path.join(dir, 'mic.mp4');
    fs.writeFileSync(out, Buffer.from(await (await fetch(record.output_files?.out_1?.storage_url ?? '')).arrayBuffer()));
    const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,channels', '-of', 'csv=p=0', out])
      .toString()
      .trim()
      .split('\n');
    expect(streams).toEqual(['video', 'audio,1']);

    // A reload comes back to the track heard, the subtitles shown and the tracks chosen, as to the segments.
    await clip.press('u');
    await expect(shownSubtitles).toHaveText('Subtitles: 1 (eng)');
    await page.reload();
    await clip.waitReady();
    await expect(shownSubtitles).toHaveText('Subtitles: 1 (eng)');
    await expect(page.getByTestId('sound-track')).toHaveText('Sound: 2 · Mic (1 ch)');
    await expect(line).toHaveText('Sound: track 2 · Mic (1 ch) only (T: every track).');
    await expect(choice.getByRole('checkbox', { name: /^Subtitles 1/ })).not.toBeChecked();
  });

  test('when a recording’s sound is PCM, then its quick look (the picture alone) plays with the sound from its sound file, until the proxy takes over', async ({
    page,
    svc,
  }) => {
    // A proxy ahead of it in the queue holds its own back: 30 s of 720p MPEG-2.
    const dir = testFolder('ffdesk-sound-pcm-');
    await holdProxyQueue(svc, dir, 30);
    const file = path.join(dir, 'pcm.mkv');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'pcm_s16le', '-shortest', file],
    ]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(file);
    await expect(page.getByRole('note')).toContainText('Quick look');
    const video = page.locator('.clip-screen video');
    await expect(video).toHaveAttribute('src', /quick\.mp4/);
    // One track: no Sound button, but track 1 plays from its sound file beside the muted quick look.
    await expect(page.getByTestId('sound-track')).toHaveCount(0);
    await expect(page.getByTestId('sound')).toHaveAttribute('src', /sound1\.m4a/, { timeout: 30_000 });
    await expect(video).toHaveAttribute('src', /quick\.mp4/);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    // The proxy carries the sound itself: the picture plays it again.
    await expect(page.getByRole('note')).toContainText('Showing a proxy', { timeout: 120_000 });
    await expect(page.getByTestId('sound')).toHaveCount(0);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  });
});

test.describe('finding silences', () => {
  test('when D finds the silences of an interview, then Enter marks them as segments the export removes, the result is the clip without them, a reload keeps them removed, and Ctrl+Z takes them back with the marks and the keeping before', async ({
    page,
    svc,
  }) => {
    // 6 s of picture and a voice-like tone with two pauses: 1.5–2.5 s and 4–4.75 s.
    const file = path.join(testFolder('ffdesk-silence-'), 'interview.mp4');
    const voice = "aevalsrc=exprs='if(between(t,1.5,2.5)+between(t,4,4.75),0,0.5*sin(2*PI*440*t))':s=44100:d=6";
    execFileSync('ffmpeg', [
      '-v',
      'error',
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=6', '-f', 'lavfi', '-i', voice],
      ...['-c:v', 'libx264', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(file);
    await clip.waitReady();
    await clip.press('d');
    const dialog = page.getByRole('dialog', { name: 'Find silences' });
    await expect(dialog.getByRole('button', { name: 'Find' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('silences-found')).toHaveText(/^2 silences, 1\.\d s in all\.$/, { timeout: 60_000 });
    await expect(dialog.getByRole('button', { name: 'Mark the 2 silences as segments' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    // The focus back on the view without scrolling it to its top: the picture stays in sight.
    expect(await page.evaluate(() => document.getElementById('main')?.scrollTop)).toBe(0);
    // Each pause less 0.1 s where it meets the voice, on the frame grid (the list shows each out point as its last frame).
    await expect(clip.segments()).toHaveText([/00:00:01:1[5-7] → 00:00:02:0[7-9]/, /00:00:04:0[2-4] → 00:00:04:1[4-6]/]);
    await expect(page.getByTestId('keep-mode')).toHaveText(/removes the segments/);
    await clip.press('e');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await expect(exportPanel.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const record = await svc.client.getCommand(href.split('/').pop() ?? '');
    // What is kept: the three stretches of voice, each with 0.1 s of its pauses.
    expect(record.original_request).toMatchObject({ segments: [{ start: 0 }, {}, { end: 6 }] });
    const kept = (record.original_request as { segments: { start: number; end: number }[] }).segments.reduce((n, s) => n + s.end - s.start, 0);
    expect(Math.abs(kept - (6 - 1.75 + 0.4))).toBeLessThan(0.2);
    await clip.press('Control+z');
    await expect(clip.segments()).toHaveCount(0);
    // A reload keeps the silences and removing them (it kept the segments but exported them instead).
    await clip.press('Control+Shift+Z');
    await expect(clip.segments()).toHaveCount(2);
    await page.reload();
    await clip.waitReady();
    await expect(clip.segments()).toHaveCount(2);
    await expect(page.getByTestId('keep-mode')).toHaveText(/removes the segments/);
    // Marks from before, then the silences: Ctrl+Z brings back the marks and keeping them, in one step.
    await clip.press('Delete', 2);
    await expect(clip.segments()).toHaveCount(0);
    await clip.press('x');
    await expect(page.getByTestId('keep-mode')).toHaveText('Export keeps the segments.');
    await clip.goTo('00:00:00:10');
    await clip.press('i');
    await clip.goTo('00:00:01:00');
    await clip.press('o');
    await clip.press('d');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Mark the 2 silences as segments' })).toBeFocused({ timeout: 60_000 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('keep-mode')).toHaveText(/removes the segments/);
    await clip.press('Control+z');
    await expect(clip.segments()).toHaveText([/00:00:00:10 → 00:00:01:00/]);
    await expect(page.getByTestId('keep-mode')).toHaveText('Export keeps the segments.');
  });
});
