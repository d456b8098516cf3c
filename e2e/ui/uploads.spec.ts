import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { AppPage } from './app-page';
import { expect, openApp, sampleWhile, screen, test, testFolder } from './fixtures';

const MB = 1024 * 1024;

test.describe('uploads', () => {
  test('when a ~30 MB file is dropped in, then per-file and total progress move and it is stored', async ({ page, svc }) => {
    const file = path.join(testFolder('ffdesk-upload-'), 'big-upload.bin');
    fs.writeFileSync(file, crypto.randomBytes(30 * MB));
    // Loopback is too fast to watch: throttle the browser's upload bandwidth (DevTools
    // network emulation) so bytes leave slowly, as over a real link.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 8 * MB });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Uploads').click();
    await page.getByLabel('Choose files…').setInputFiles(file);

    const row = page.getByRole('listitem', { name: 'Upload of big-upload.bin' });
    const bar = row.getByRole('progressbar');
    let shot = false;
    const values = await sampleWhile(
      async () => {
        const v = Number((await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null)) ?? NaN);
        if (!shot && v > 0 && v < 100) {
          shot = true;
          await expect(page.getByRole('progressbar', { name: 'Total upload progress' })).toBeVisible();
          await screen(page, '20-upload-in-progress');
        }
        return v;
      },
      async () => (await row.locator('.chip').textContent()) === 'Stored',
      { timeoutMs: 90_000, intervalMs: 100 },
    );
    const partial = [...new Set(values.filter((v) => v > 0 && v < 100))];
    expect(partial.length, `partial progress seen: ${partial.join(', ')}`).toBeGreaterThanOrEqual(2);
    await screen(page, '21-upload-done');

    const stored = (await svc.client.listFiles()).find((f) => f.filename === 'big-upload.bin');
    expect(stored?.size_mbytes).toBeCloseTo(30, 3);
  });

  test('when an upload is aborted, then the session is aborted on the service', async ({ page, svc }) => {
    const file = path.join(testFolder('ffdesk-upload-'), 'aborted.bin');
    fs.writeFileSync(file, crypto.randomBytes(20 * MB));
    // The parts are held until the abort is done, so the upload cannot finish first on a slow machine.
    const parts = await holdUploads(page);
    try {
      const app = new AppPage(page);
      await openApp(page, svc);
      await app.nav('Uploads').click();
      await page.getByLabel('Choose files…').setInputFiles(file);
      const row = page.getByRole('listitem', { name: 'Upload of aborted.bin' });
      await expect(row.locator('.chip')).toHaveText('Uploading');
      await row.getByRole('button', { name: 'Abort' }).click();
      await expect(row.locator('.chip')).toHaveText('Aborted');
      await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();
      expect((await svc.client.listFiles()).some((f) => f.filename === 'aborted.bin' && f.status === 'STORED')).toBe(false);
    } finally {
      parts.release();
    }
  });
});

test.describe('uploads: fair, guarded, resumable', () => {
  function bigFile(name: string, mb: number): string {
    const file = path.join(testFolder('ffdesk-upload-'), name);
    fs.writeFileSync(file, crypto.randomBytes(mb * MB));
    return file;
  }

  test('when two large files upload at once, then at most 4 part requests run together and the Files screen still loads', async ({ page, svc }) => {
    const files = [bigFile('fair-a.bin', 40), bigFile('fair-b.bin', 40)];
    let inFlight = 0;
    let maxInFlight = 0;
    await page.route('**/uploads/**', async (route) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, 400));
      await route.continue().finally(() => inFlight--);
    });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Uploads').click();
    await app.chooseUploads(files);
    await expect(app.uploadRow('fair-a.bin').locator('.chip')).toHaveText('Uploading');
    await app.nav('Files').click();
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
    await app.nav('Uploads').click();
    for (const f of ['fair-a.bin', 'fair-b.bin']) await expect(app.uploadRow(f).locator('.chip')).toHaveText('Stored', { timeout: 90_000 });
    expect(maxInFlight).toBeGreaterThanOrEqual(2);
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });

  test('when the window is closed during an upload, then the browser asks first', async ({ page, svc }) => {
    const file = bigFile('guarded.bin', 10);
    // The parts are held until the window is gone, so the upload is still running when it closes.
    const parts = await holdUploads(page);
    try {
      const app = new AppPage(page);
      await openApp(page, svc);
      await app.nav('Uploads').click();
      await app.chooseUploads([file]);
      await expect(app.uploadRow('guarded.bin').locator('.chip')).toHaveText('Uploading');
      const dialog = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const d = await dialog;
      expect(d.type()).toBe('beforeunload');
      await d.accept();
    } finally {
      parts.release();
    }
  });

  test('when a reload cuts an upload off, then choosing the same file again resumes it without re-sending the parts already stored', async ({ page, svc }) => {
    const file = bigFile('resumable.bin', 20); // 3 parts of 8 MiB
    const sentBeforeReload: string[] = [];
    await page.route('**/uploads/**', async (route) => {
      const part = new URL(route.request().url()).pathname.split('/').pop()!;
      if (part !== '1') return new Promise<void>(() => undefined); // parts 2 and 3 hang until the reload
      sentBeforeReload.push(part);
      await route.continue();
    });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Uploads').click();
    await app.chooseUploads([file]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ffdesk.uploads.v1') ?? '')).toContain('"part_number":1');

    // The newer route handler is asked first, so requests after the reload go through.
    page.on('dialog', (d) => void d.accept());
    const sentAfterReload: string[] = [];
    await page.route('**/uploads/**', async (route) => {
      sentAfterReload.push(new URL(route.request().url()).pathname.split('/').pop()!);
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Uploads' })).toBeVisible();
    await expect(app.interruptedUpload('resumable.bin')).toContainText('8.0 MB of 20.0 MB sent');
    await screen(page, '22-upload-interrupted');
    await app.chooseUploads([file]);
    await expect(app.uploadRow('resumable.bin').locator('.chip')).toHaveText('Stored', { timeout: 60_000 });
    await expect(app.uploadRow('resumable.bin')).toContainText('resumed');
    expect(sentBeforeReload).toEqual(['1']);
    expect(sentAfterReload.sort()).toEqual(['2', '3']);
    const stored = (await svc.client.listFiles({ status: 'all' })).filter((f) => f.filename === 'resumable.bin');
    expect(stored.map((f) => f.status)).toEqual(['STORED']);
    expect(stored[0]?.size_mbytes).toBeCloseTo(20, 3);
  });
});

/** Holds every upload request until `release()` (then lets the held ones go on, if their page still wants them). */
async function holdUploads(page: Page): Promise<{ release(): void }> {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  await page.route('**/uploads/**', async (route) => {
    await opened;
    await route.continue().catch(() => undefined);
  });
  return { release: () => open() };
}
