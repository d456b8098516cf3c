import fs from 'node:fs';
import yauzl from 'yauzl';
import { AppPage } from './app-page';
import { expect, openApp, screen, test } from './fixtures';

function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zf) => {
      if (err || !zf) return reject(err ?? new Error('yauzl could not open the zip'));
      const names: string[] = [];
      zf.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zf.readEntry();
      });
      zf.on('end', () => resolve(names.sort()));
      zf.readEntry();
    });
  });
}

test('when "Download all" is clicked on a job, then one zip holds every output, the playlist with its segments', async ({ page, svc }) => {
  const { command_id } = await svc.client.runCommand({
    input_files: {},
    output_files: { out_1: 'poster.png', out_playlist_1: 'stream.m3u8' },
    ffmpeg_command:
      '-f lavfi -i testsrc2=size=160x90:rate=10:duration=2 -frames:v 1 {{out_1}} -c:v libx264 -preset ultrafast -g 10 -f hls -hls_time 1 -hls_list_size 0 -hls_segment_filename part_%03d.ts {{out_playlist_1}}',
    name: 'Poster and stream',
  });
  const done = await svc.client.waitForCommand(command_id, { intervalMs: 250 });
  expect(done.status, done.error_message ?? '').toBe('SUCCESS');
  const app = new AppPage(page);
  await openApp(page, svc, `#/jobs/${command_id}`);
  await expect(app.jobStatus()).toHaveText('Success');
  const button = page.getByRole('button', { name: 'Download all (.zip)' });
  await expect(button).toBeVisible();
  await screen(page, '50-download-all');

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('Poster and stream.zip');
  const file = await download.path();
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  const names = await zipNames(file);
  expect(names).toContain('poster.png');
  expect(names).toContain('stream/stream.m3u8');
  expect(names.filter((n) => /^stream\/part_\d{3}\.ts$/.test(n)).length).toBeGreaterThanOrEqual(2);
});
