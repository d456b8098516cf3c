import { AppPage } from './app-page';
import { compareOutput, expect, openApp, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

test('when an output is viewed large beside its input, then both step frame by frame together', async ({ page, svc }) => {
  await svc.samplesReady();
  const sample = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4')!;
  const player = await compareOutput(page, svc, {
    input_files: { in_1: sample.storage_url! },
    output_files: { out_1: 'small.mp4' },
    ffmpeg_command: '-i {{in_1}} -t 2 -vf scale=320:-2 -r 25 -c:v libx264 -preset ultrafast {{out_1}}',
  });
  const videos = player.locator('video');
  await expect(videos).toHaveCount(2);
  await expect.poll(() => videos.evaluateAll((vs: HTMLVideoElement[]) => vs.every((v) => v.readyState >= 1))).toBe(true);
  for (let i = 0; i < 3; i++) await player.getByRole('button', { name: 'Frame ▶' }).click();
  // From the layout radio the dialog opens on: , and . step there too (the radios keep only their arrows).
  await player.getByRole('radio', { name: 'Wipe' }).focus();
  await page.keyboard.press('.');
  const times = await videos.evaluateAll((vs: HTMLVideoElement[]) => vs.map((v) => v.currentTime));
  // Four frames at 25 fps, the same moment in both.
  expect(times[1]).toBeCloseTo(4 / 25, 3);
  expect(times[0]).toBeCloseTo(times[1]!, 3);
  await screen(page, '49-output-compare');
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(player).toBeHidden();
});

test('when a job writes H.265, which this browser cannot show, then the card plays its proxy, and Open and View large show the proxy too', async ({
  page,
  svc,
}) => {
  const { command_id } = await svc.client.runCommand({
    output_files: { out_1: 'hevc.mp4' },
    ffmpeg_command: '-f lavfi -i testsrc2=size=320x240:rate=25:duration=1 -c:v libx265 -preset ultrafast -tag:v hvc1 {{out_1}}',
  });
  const record = await svc.client.waitForCommand(command_id, { intervalMs: 250 });
  // The proxy's first answer is held back, as a long proxy would keep it PENDING: meanwhile the card offers no Open or
  // View large of the original, which showed a black picture with its sound.
  let release = () => undefined as void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/v1/files/*/proxy', async (route) => {
    await held;
    await route.continue();
  });
  const app = new AppPage(page);
  await openApp(page, svc, `#/jobs/${command_id}`);
  const card = app.outputCard('out_1');
  await expect(card.getByTestId('no-picture-here')).toContainText('a proxy it can show is being made');
  await expect(card.getByRole('link', { name: /^Open/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'View large' })).toHaveCount(0);
  release();
  await expect(card.getByTestId('no-picture-here')).toContainText('Shown through a proxy', { timeout: 60_000 });
  // Open went to the original: a black picture with only its sound.
  const open = card.getByRole('link', { name: 'Open the proxy' });
  const href = (await open.getAttribute('href')) ?? '';
  expect(href).not.toBe(record.output_files?.out_1?.storage_url);
  const type = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), href);
  expect(type).toBe('video/mp4');
  await expect(card.getByRole('link', { name: 'Download' })).toHaveAttribute('href', record.output_files?.out_1?.storage_url ?? '');
  await card.getByRole('button', { name: 'View large' }).click();
  const large = page.getByRole('dialog').locator('video').first();
  await expect.poll(() => large.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
});

test('when an output is compared with an H.265 input, which this browser cannot show, then the input side plays its proxy and says so, named by its file', async ({
  page,
  svc,
}) => {
  const made = await svc.client.runCommand({
    output_files: { out_1: 'drone.mkv' },
    ffmpeg_command: '-f lavfi -i testsrc2=size=320x240:rate=25:duration=1 -c:v libx265 -preset ultrafast {{out_1}}',
  });
  const source = (await svc.client.waitForCommand(made.command_id, { intervalMs: 250 })).output_files!.out_1!;
  const player = await compareOutput(page, svc, {
    input_files: { in_1: source.storage_url! },
    output_files: { out_1: 'web.mp4' },
    ffmpeg_command: '-i {{in_1}} -c:v libx264 -preset ultrafast -pix_fmt yuv420p {{out_1}}',
  });
  const input = player.locator('video[aria-label="Input: drone.mkv"]');
  await expect(player.getByTestId('compare-no-picture')).toHaveText(
    'Shown through a proxy: this browser cannot show this H.265 picture. The download is the original.',
    { timeout: 60_000 },
  );
  await expect.poll(() => input.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(player.getByLabel('Input: drone.mkv facts')).toContainText(/320×240/);
});
