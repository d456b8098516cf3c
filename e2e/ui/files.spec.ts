import fs from 'node:fs';
import path from 'node:path';
import type { StoredFile } from '../../src-service/client';
import { ffmpeg, madeOnce } from '../../src-service/testing/media';
import { AppPage } from './app-page';
import { expect, openApp, SAMPLE_NAMES, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

test.describe('files', () => {
  test('browse, search and bulk-delete', async ({ page, svc }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Files').click();
    const grid = page.getByRole('grid', { name: 'Stored files' });
    await expect(grid.getByRole('row')).toHaveCount(SAMPLE_NAMES.length + 1);
    // 800 px: the narrow columns alone, nothing scrolls sideways; the first arrow opens the first row.
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(grid.getByRole('columnheader', { name: 'Codec' })).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => Array.from(document.querySelectorAll('.files-table *')).filter((e) => e.scrollWidth > e.clientWidth + 1).length))
      .toBe(0);
    await expect(grid.getByRole('columnheader', { name: 'Size', exact: true })).toBeInViewport({ ratio: 1 });
    await page.getByLabel('File rows: arrows move, space selects').press('ArrowDown');
    const first = (await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).textContent()) ?? '';
    await expect(page.getByRole('complementary', { name: `Preview of ${first}` })).toBeVisible();
    await expect(page.getByLabel('Metadata')).toContainText('StatusStored');
    // The keyboard stays in the rows: the next arrow opens the next file, Escape closes the drawer and stays there.
    const rows = page.getByLabel('File rows: arrows move, space selects');
    await expect(rows).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const second = (await grid.getByRole('row').nth(2).getByRole('gridcell').nth(1).textContent()) ?? '';
    await expect(page.getByRole('complementary', { name: `Preview of ${second}` })).toBeVisible();
    // The rows are one Tab stop (their checkboxes are not): Tab goes on into the open file's drawer.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.preview-drawer') !== null)).toBe(true);
    await rows.focus();
    await page.keyboard.press('Escape');
    await expect(page.locator('.preview-drawer')).toHaveCount(0);
    await expect(rows).toBeFocused();
    // The row cursor stays where it was: ↓ opens the row after it, not the first again.
    await page.keyboard.press('ArrowDown');
    const third = (await grid.getByRole('row').nth(3).getByRole('gridcell').nth(1).textContent()) ?? '';
    await expect(page.getByRole('complementary', { name: `Preview of ${third}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(grid.getByRole('columnheader', { name: 'Codec' })).toBeVisible();

    await page.getByLabel('Search files').fill('mp3');
    await expect(page.getByText(`2 of ${SAMPLE_NAMES.length} files`)).toBeVisible();
    await page.getByLabel('Select all shown files').check();
    await screen(page, '30-files-search-select');
    await page.getByRole('button', { name: 'Delete 2' }).click();
    await page.getByRole('button', { name: 'Delete 2 files?' }).click();
    await expect(page.getByText('Deleted 2 files.')).toBeVisible();

    await page.getByLabel('Search files').fill('');
    await expect(grid.getByRole('row')).toHaveCount(SAMPLE_NAMES.length - 1);
    const left = await svc.client.listFiles();
    expect(left.map((f) => f.filename)).not.toContain('sample-audio.mp3');
    expect(left.map((f) => f.filename)).not.toContain('sample-music.mp3');
  });

  test('when a video the browser cannot show (H.265) is previewed, then its proxy plays in its place and the panel says so; an H.264 one plays without the note', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    const made = madeOnce('hevc-1s.mp4', (dir) =>
      ffmpeg(
        ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', 'hevc-1s.mp4'],
        dir,
      ),
    );
    const hevc = await svc.client.uploadFile(new Blob([fs.readFileSync(path.join(made, 'hevc-1s.mp4'))]), { filename: 'hevc-1s.mp4' });
    await expect.poll(async () => (await svc.client.getFile(hevc.file_id)).status).toBe('STORED');
    await openApp(page, svc, `#/files/${hevc.file_id}`);
    // The service's proxy takes its place (made once, as for the Cut screen), and the line says so.
    await expect(page.getByTestId('no-picture-here')).toHaveText(
      'Shown through a proxy: this browser cannot show this H.265 picture. The download is the original.',
      { timeout: 60_000 },
    );
    await expect.poll(() => page.locator('.preview-drawer video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    const sample = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4')!;
    await page.goto(`${svc.url}/#/files/${sample.file_id}`);
    await expect.poll(() => page.locator('.preview-drawer video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('no-picture-here')).toHaveCount(0);
  });

  test('preview a private video, copy a presigned link, and fetch it without the key', async ({ page, context, svc }) => {
    await svc.samplesReady();
    const sample = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4')!;
    const bytes = await (await fetch(sample.storage_url!)).blob();
    const secret = await svc.client.uploadFile(bytes, { filename: 'private-cut.mp4', isPrivate: true });
    await expect.poll(async () => (await svc.client.getFile(secret.file_id)).status).toBe('STORED');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: svc.url });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Files').click();
    await page.getByRole('row').filter({ hasText: 'private-cut.mp4' }).click();
    const drawer = page.getByRole('complementary', { name: 'Preview of private-cut.mp4' });
    // Private: no public URL, yet the drawer previews it through a presigned one.
    expect((await svc.client.getFile(secret.file_id)).storage_url).toBeNull();
    await expect(drawer.locator('video')).toHaveAttribute('src', /\/storage\/s\//);
    await expect(drawer.getByLabel('Metadata')).toContainText('h264');
    // The length as a player shows it, and its seconds: not "Duration (s) 8.000000" to decode.
    await expect(drawer.getByLabel('Metadata')).toContainText(/Duration0:\d\d \([\d.]+ s\)/);
    await drawer.getByLabel('Presigned link lifetime').selectOption({ label: '5 minutes' });
    await drawer.getByRole('button', { name: 'Copy presigned link' }).click();
    await expect(page.getByText('Presigned link copied')).toBeVisible();
    await screen(page, '31-files-preview');

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/storage\/s\//);
    const res = await fetch(copied);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(bytes.size);
    // Tampering with the signature is refused (docs/choices.md: Storage and signed URLs).
    const tampered = copied.replace(/(\/storage\/s\/[^/]*)(.)\//, (_m, head: string, last: string) => `${head}${last === 'A' ? 'B' : 'A'}/`);
    expect(tampered).not.toBe(copied);
    expect((await fetch(tampered)).status).toBe(403);
  });

  test('10,000 files stay a small DOM and scroll to the end', async ({ page, svc }) => {
    // Samples first: once stored, no `file` event adds real rows to the faked list.
    await svc.samplesReady();
    const files = Array.from({ length: 10_000 }, (_, i) => fakeFile(i));
    await page.route('**/v1/files?*', async (route) => {
      const url = new URL(route.request().url());
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      await route.fulfill({ json: files.slice(offset, offset + limit) });
    });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Files').click();
    await expect(page.getByText('10000 files')).toBeVisible();
    const rows = page.getByRole('grid', { name: 'Stored files' }).getByRole('row');
    expect(await rows.count()).toBeLessThan(80);
    const body = page.getByLabel('File rows: arrows move, space selects');
    for (let i = 0; i < 20; i++) await body.evaluate((el, n) => (el.scrollTop = (el.scrollHeight * n) / 20), i + 1);
    expect(await rows.count()).toBeLessThan(80); // still windowed at the end of the list
    await expect(page.getByText('file-09999.mp4')).toBeVisible();
    await screen(page, '32-files-10000');
  });
});

function fakeFile(i: number): StoredFile {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return {
    file_id: id,
    storage_url: null,
    status: 'STORED',
    service_store_type: 'STORED_FILE',
    is_deleted: false,
    is_private: i % 7 === 0,
    created_at: new Date(Date.UTC(2025, 0, 1) - i * 60_000).toISOString(),
    filename: `file-${String(i).padStart(5, '0')}.mp4`,
    file_type: 'video',
    file_format: 'mp4',
    width: 1280,
    height: 720,
    duration: i % 600,
    codec: 'h264',
    size_mbytes: (i % 900) + 0.5,
  };
}
