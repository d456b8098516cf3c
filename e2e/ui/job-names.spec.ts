import { AppPage } from './app-page';
import { expect, openApp, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

test.describe('job names, search and links', () => {
  test('when a template job runs, then it is named after the template, can be renamed, found by name, file and command, and its output links to Files and back', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.useTemplate('GIF thumbnail');
    const id = await app.runJob();
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    await expect(app.jobName()).toHaveText('GIF thumbnail: sample-video.mp4 → thumbnail.gif');
    expect((await svc.client.getCommand(id)).name).toBe('GIF thumbnail: sample-video.mp4 → thumbnail.gif');

    await app.renameJob('Holiday teaser GIF');
    await expect(app.jobName()).toHaveText('Holiday teaser GIF');
    expect((await svc.client.getCommand(id)).name).toBe('Holiday teaser GIF');
    const row = app.jobRow('Holiday teaser GIF');
    await expect(row).toBeVisible();
    // The list shows the output's thumbnail.
    await expect(row.getByRole('img', { name: 'Output of Holiday teaser GIF' })).toBeVisible();
    await expect.poll(() => row.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screen(page, '43-job-named-with-thumbnail');

    // A second job, named by the service from its command (first filter, input → output).
    await svc.client.runCommand({ output_files: { out_1: 'blue.png' }, ffmpeg_command: '-f lavfi -i color=blue:size=32x32 -vf hflip -frames:v 1 {{out_1}}' });
    await expect(app.jobRow('hflip: color → blue.png')).toBeVisible();

    for (const [query, expected] of [
      ['holiday', 'Holiday teaser GIF'],
      ['sample-video', 'Holiday teaser GIF'],
      ['palettegen', 'Holiday teaser GIF'],
      ['hflip', 'hflip: color → blue.png'],
    ] as const) {
      await app.jobSearch().fill(query);
      await expect(app.jobRows()).toHaveCount(1);
      await expect(app.jobRow(expected)).toBeVisible();
    }
    // A job made while the search stands joins it when it matches (a Re-run of the job found), not when it does not.
    await svc.client.runCommand({ output_files: { out_1: 'red.png' }, ffmpeg_command: '-f lavfi -i color=red:size=32x32 -vf hflip -frames:v 1 {{out_1}}' });
    await svc.client.runCommand({ output_files: { out_1: 'green.png' }, ffmpeg_command: '-f lavfi -i color=green:size=32x32 -frames:v 1 {{out_1}}' });
    await expect(app.jobRow('hflip: color → red.png')).toBeVisible();
    await expect(app.jobRows()).toHaveCount(2);
    await app.jobSearch().fill('no-such-thing-anywhere');
    await expect(app.jobRows()).toHaveCount(0);
    await app.jobSearch().fill('');
    await expect(app.jobRows()).toHaveCount(4);

    await app.jobRow('Holiday teaser GIF').click();
    await app.outputCard('out_1').getByRole('link', { name: 'Show in Files' }).click();
    await expect(app.fileDrawer()).toBeVisible();
    await expect(app.fileDrawer().getByRole('heading', { name: 'thumbnail.gif' })).toBeVisible();
    await screen(page, '44-file-links-to-job');
    await app.fileDrawer().getByRole('link', { name: 'Made by this job →' }).click();
    await expect(app.jobName()).toHaveText('Holiday teaser GIF');
  });
});
