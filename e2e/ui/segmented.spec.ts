import { AppPage } from './app-page';
import { runAxe } from './axe-check';
import { ClipPage } from './clip-page';
import { ConvertPage } from './convert-page';
import { expect, openApp, storeClip, test } from './fixtures';
import { playToEnd } from './play-to-end';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { ffmpeg, madeOnce } from '../../src-service/testing/media';
import { pgsStream } from '../../src-service/testing/pgs';

test.describe('builder and clip view: split a long encode', () => {
  test('when the input is longer than the split threshold, then the convert panel and the clip view (re-encode) propose splitting across cores and the job view shows the segments as a strip and the output plays in Chromium', async ({
    page,
    svc,
  }) => {
    test.setTimeout(240_000); // real encodes, paced to real time, on a shared machine
    // A 4 s clip with a keyframe every second stands in for a long film (the threshold is lowered
    // below): 1 s segments, so the split shows with the fewest real encodes (docs/contributing.md, "Suite time").
    const fileId = await storeClip(svc, 'long-clip.mp4', 4);
    const app = new AppPage(page);
    await openApp(page, svc);
    // The threshold is a documented setting (Settings, "Split long encodes").
    await app.nav('Settings').click();
    await page.getByLabel('Propose splitting from (seconds)').fill('3');
    await app.openBuilder();
    const convert = new ConvertPage(page);
    await convert.pickStoredInput('in_1', 'long-clip.mp4');
    await convert.field('Resolution').selectOption({ label: '480p' });
    const offer = convert.panel().getByTestId('split-offer');
    const split = offer.getByRole('checkbox', { name: /^Split across \d+ cores?$/ });
    await expect(split).toBeVisible();
    await expect(offer.getByTestId('split-estimate')).toContainText(/Estimated time ≈ \d+:\d\d instead of 0:04/);
    await split.check();
    const axe = await runAxe(page, { include: '[data-testid="split-offer"]' });
    expect(axe.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // -re paces the encode to real time, so segments are seen running before they are done.
    await app.prependToCommand('-re ');
    // Every state the strip shows is recorded from before the job starts, so "a segment was shown
    // running" is checked after the job ends, not caught in the second it lasts (docs/contributing.md, "Test").
    await recordSegmentLabels(page);
    const id = await app.runJob();

    const strip = page.getByRole('list', { name: 'Segments' });
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status).toBe('SUCCESS');
    await expect(strip.getByRole('listitem', { name: /: done on local:core\d+$/ }).first()).toBeVisible();
    expect(await segmentLabelsSeen(page)).toContainEqual(expect.stringMatching(/: running on local:core\d+$/));
    expect(record.original_request).toMatchObject({ segmented: { segment_seconds: expect.any(Number) } });
    const count = record.segments?.length ?? 0;
    expect(count).toBeGreaterThan(1);
    await expect(strip.getByRole('listitem')).toHaveCount(count);
    await expect(strip.getByRole('listitem', { name: /: done on local:core\d+$/ })).toHaveCount(count);
    await expect(strip.getByRole('listitem').first()).toHaveAccessibleName(new RegExp(`^Segment 1 of ${count}, 0:00–0:0\\d: done on local:core\\d+$`));
    const axeJob = await runAxe(page, { include: '[data-testid="segment-strip"]' });
    expect(axeJob.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // The clip view proposes the same split for a re-encode keeping at least the threshold (docs/cutting.md, "Segmented re-encode").
    await page.goto(`${svc.url}/#/clip/${fileId}`);
    const clip = new ClipPage(page);
    await clip.waitReady();
    await clip.press('i'); // one segment from the start to the end: 4 s kept
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await expect(exportPanel.getByTestId('split-offer')).toHaveCount(0); // smart re-encodes only the frames next to a cut: nothing to split
    await exportPanel.getByRole('radio', { name: /^Re-encode/ }).check();
    const cutSplit = exportPanel.getByRole('checkbox', { name: /^Split across \d+ cores? \(P switches\)$/ });
    await expect(exportPanel.getByTestId('split-estimate')).toContainText(/Estimated time ≈ \d+:\d\d instead of 0:04/);
    await cutSplit.focus();
    await page.keyboard.press('Space'); // the checkbox's key, not the player's
    await expect(cutSplit).toBeChecked();
    // P switches it from anywhere in the view, as G switches the join.
    await page.keyboard.press('p');
    await expect(cutSplit).not.toBeChecked();
    await page.keyboard.press('p');
    await expect(cutSplit).toBeChecked();
    await exportPanel.getByRole('button', { name: 'Export 1 part' }).click();
    await exportPanel.getByRole('link', { name: 'Open the job' }).click();
    await expect(page).toHaveURL(/#\/jobs\/[^/]+$/);
    const cutId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '');
    const cut = await svc.client.waitForCommand(cutId, { intervalMs: 250 });
    expect(cut.status, cut.error_message ?? '').toBe('SUCCESS');
    expect(cut.original_request).toMatchObject({ mode: 'reencode', segmented: { segment_seconds: expect.any(Number) } });
    const pieces = cut.segments?.length ?? 0;
    expect(pieces).toBeGreaterThan(1);
    await expect(strip.getByRole('listitem', { name: /: done on local:core\d+$/ })).toHaveCount(pieces);

    // The joined output plays in Chromium to its end, seams included.
    const played = await playToEnd(page, record.output_files?.out_1?.storage_url ?? '');
    expect(played.error).toBeNull();
    expect(played.ended).toBe(true);
    expect(played.width).toBeGreaterThan(0);
    expect(played.currentTime).toBeGreaterThan(3);
    expect(played.currentTime).toBeCloseTo(played.duration, 1);
  });
});

test.describe('clip view: a split re-encode and picture subtitles', () => {
  test('when a file with Blu-ray subtitles is re-encoded split across cores, then its track says the split leaves them out, and without the split that .mkv keeps them', async ({
    page,
    svc,
  }) => {
    // 4 s of H.264 with one PGS track (written byte by byte: ffmpeg has no PGS encoder), in Matroska.
    const name = 'bluray-4s.mkv';
    const made = madeOnce(name, (dir) => {
      fs.writeFileSync(path.join(dir, 'en.sup'), pgsStream([{ start: 0.5, end: 2 }]));
      const video = ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4', '-copyts', '-i', 'en.sup'];
      ffmpeg([...video, '-map', '0', '-map', '1', '-c:v', 'libx264', '-g', '25', '-preset', 'veryfast', '-c:s', 'copy', name], dir);
    });
    const stored = await svc.client.uploadFile(new Blob([fs.readFileSync(path.join(made, name))]), { filename: name });
    await expect.poll(async () => (await svc.client.getFile(stored.file_id)).status).toBe('STORED');
    const app = new AppPage(page);
    await openApp(page, svc);
    // The threshold is lowered so a 4 s file is offered the split (Settings, "Split long encodes").
    await app.nav('Settings').click();
    await page.getByLabel('Propose splitting from (seconds)').fill('3');
    await page.goto(`${svc.url}/#/clip/${stored.file_id}`);
    const clip = new ClipPage(page);
    await clip.waitReady();
    await clip.press('i');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await exportPanel.getByRole('radio', { name: /^Re-encode/ }).check();
    const track = exportPanel.getByRole('checkbox', { name: /^Subtitles 1 / });
    await expect(track).toHaveAccessibleName(/pictures: kept in \.mkv only$/);
    await page.keyboard.press('p');
    await expect(exportPanel.getByRole('checkbox', { name: /^Split across/ })).toBeChecked();
    await expect(track).toHaveAccessibleName(/pictures: a split re-encode leaves them out \(P: one encode keeps them in \.mkv\)$/);
    await page.keyboard.press('p');
    await expect(track).toHaveAccessibleName(/pictures: kept in \.mkv only$/);
  });
});

/** Starts noting every label a segment of the job view's strip takes, from now on (the page is not reloaded). */
async function recordSegmentLabels(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    const note = () => {
      document.querySelectorAll('[data-testid="segment-strip"] li[aria-label]').forEach((item) => seen.add(item.getAttribute('aria-label') ?? ''));
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    (window as unknown as { segmentLabelsSeen: Set<string> }).segmentLabelsSeen = seen;
  });
}

async function segmentLabelsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { segmentLabelsSeen: Set<string> }).segmentLabelsSeen]);
}
