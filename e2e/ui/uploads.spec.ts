import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppPage } from './app-page';
import { expect, openApp, sampleWhile, screen, test } from './fixtures';

const MB = 1024 * 1024;

test.describe('uploads', () => {
  test('when a ~30 MB file is dropped in, then per-file and total progress move and it is stored', async ({ page, svc }) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-upload-')), 'big-upload.bin');
    fs.writeFileSync(file, crypto.randomBytes(30 * MB));
    // Loopback is too fast to watch: hold each part PUT a little so progress is visible.
    await page.route('**/uploads/**', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
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
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-upload-')), 'aborted.bin');
    fs.writeFileSync(file, crypto.randomBytes(20 * MB));
    await page.route('**/uploads/**', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => undefined);
    });
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
  });
});
