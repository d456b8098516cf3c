import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { AppPage } from './app-page';
import { seriousViolations } from './axe-check';
import { expect, openApp, screen, storeClip, test, testFolder, type UiService } from './fixtures';

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

    // Every value the file's bar and the total bar take is kept in the page as it renders (a
    // MutationObserver), so the test does not have to sample them in time on a loaded machine.
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { __progressSeen: Record<string, number[]> }).__progressSeen = seen;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as Element;
          const label = el.getAttribute('role') === 'progressbar' ? el.getAttribute('aria-label') : null;
          if (label) (seen[label] ??= []).push(Number(el.getAttribute('aria-valuenow')));
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await page.getByLabel('Choose files…').setInputFiles(file);

    const row = page.getByRole('listitem', { name: 'Upload of big-upload.bin' });
    const seenValues = (label: string) =>
      page.evaluate((l) => (window as unknown as { __progressSeen: Record<string, number[]> }).__progressSeen[l] ?? [], label);
    const isPartial = (v: number) => v > 0 && v < 100;
    await expect.poll(async () => (await seenValues('Upload progress of big-upload.bin')).some(isPartial), { timeout: 90_000 }).toBe(true);
    await screen(page, '20-upload-in-progress');
    await expect(row.locator('.chip')).toHaveText('Stored', { timeout: 90_000 });
    const totals = [...new Set((await seenValues('Total upload progress')).filter(isPartial))];
    expect(totals.length, `partial total progress seen: ${totals.join(', ')}`).toBeGreaterThanOrEqual(1);
    const values = await seenValues('Upload progress of big-upload.bin');
    const partial = [...new Set(values.filter((v) => v > 0 && v < 100))];
    expect(partial.length, `partial progress seen: ${partial.join(', ')}`).toBeGreaterThanOrEqual(2);
    await screen(page, '21-upload-done');

    const stored = (await svc.client.listFiles()).find((f) => f.filename === 'big-upload.bin');
    expect(stored?.size_mbytes).toBeCloseTo(30, 3);
  });
});

test.describe('store from a URL', () => {
  test('when a URL is stored, then the form follows it: a failed fetch says why and gives the URL back, a good one links to the file', async ({
    page,
    svc,
  }) => {
    const good = await svc.client.getFile(await storeClip(svc, 'from-url.mp4', 1));
    await openApp(page, svc, '#/uploads');
    const field = page.getByLabel('File URL');
    const state = page.getByTestId('store-url-state');
    // A link into this service's storage that holds nothing: accepted, then the fetch fails.
    const missing = `${svc.url}/storage/00000000-0000-4000-8000-000000000000/gone.mp4`;
    await field.fill(missing);
    await field.press('Enter');
    await expect(state).toContainText(`Could not store ${missing}: `, { timeout: 30_000 });
    await expect(state).toContainText('The URL is back in the field to mend.');
    await expect(field).toHaveValue(missing);
    await field.fill(good.storage_url ?? '');
    await field.press('Enter');
    await expect(state).toContainText('Stored from-url.mp4.', { timeout: 30_000 });
    await expect(field).toHaveValue('');
    await state.getByRole('link', { name: 'Show in Files' }).click();
    await expect(page.getByRole('complementary', { name: 'Preview of from-url.mp4' })).toBeVisible();
  });
});

test.describe('uploads: fair, guarded, resumable', () => {
  function bigFile(name: string, mb: number): string {
    const file = path.join(testFolder('ffdesk-upload-'), name);
    fs.writeFileSync(file, crypto.randomBytes(mb * MB));
    return file;
  }

  test('when two large files upload at once, then at most 4 part requests run together and the Files screen still loads', async ({ page, svc }) => {
    // 3 parts each (8 + 8 + 1 MiB): 6 parts wanted at once, more than the 4 allowed and more than one file's worth.
    const files = [bigFile('fair-a.bin', 17), bigFile('fair-b.bin', 17)];
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
/**
 * Pause, Abort, Retry and reuse (docs/gui.md, "Uploads"), at 800 px in the dark theme. A
 * 12 MB file is 2 parts (8 MiB and the rest); part 1 goes through, part 2 hangs until the
 * test lets it (a newer route handler is asked first), so "what the service received" is known.
 * Every part body goes through the test's route handler: slow on a loaded machine, hence test.slow.
 */
test.describe('uploads: pause, abort, retry, reuse', () => {
  test.use({ viewport: { width: 800, height: 800 }, colorScheme: 'dark' });
  test.beforeEach(() => test.slow());

  function randomFile(name: string, mb: number): string {
    const file = path.join(testFolder('ffdesk-upload-'), name);
    fs.writeFileSync(file, crypto.randomBytes(mb * MB));
    return file;
  }

  /** Parts that reached the service, by phase: part 1 only at first; every part once `release()` is called. */
  async function holdLaterParts(page: import('@playwright/test').Page) {
    const before: string[] = [];
    const after: string[] = [];
    const partOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    await page.route('**/uploads/**', async (route) => {
      const part = partOf(route.request().url());
      if (part !== '1') return new Promise<void>(() => undefined);
      before.push(part);
      await route.continue();
    });
    const release = () =>
      page.route('**/uploads/**', async (route) => {
        after.push(partOf(route.request().url()));
        await route.continue();
      });
    return { before, after, release };
  }

  /** A stored file besides the upload: Files then shows its grid, and the upload is hidden from it, not merely from an empty screen. */
  async function storeAnother(svc: UiService): Promise<string> {
    const stored = await svc.client.uploadFile(new Blob([crypto.randomBytes(1024)]), { filename: 'kept.bin' });
    await expect.poll(async () => (await svc.client.getFile(stored.file_id)).status).toBe('STORED');
    return 'kept.bin';
  }

  const partOneConfirmed = (page: import('@playwright/test').Page) =>
    expect.poll(() => page.evaluate(() => localStorage.getItem('ffdesk.uploads.v1') ?? ''), { timeout: 90_000 }).toContain('"part_number":1');

  test('when an upload is paused and resumed from the keyboard, then it goes on from the last confirmed part and no part reaches the service twice', async ({
    page,
    svc,
  }) => {
    const file = randomFile('paused.bin', 12);
    const parts = await holdLaterParts(page);
    const app = new AppPage(page);
    await openApp(page, svc, '#/uploads');
    await app.chooseUploads([file]);
    const row = app.uploadRow('paused.bin');
    await partOneConfirmed(page);
    await row.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    await expect(row.locator('.chip')).toHaveText('Paused');
    await expect(row).toContainText('8.0 MB of 12.0 MB (66%) · paused: Resume goes on from here');
    // The same button turned into Resume and kept the focus.
    await expect(row.getByRole('button', { name: 'Resume' })).toBeFocused();
    await screen(page, '23-upload-paused-800-dark');
    expect(await seriousViolations(page)).toEqual([]);

    await parts.release();
    await page.keyboard.press('Enter');
    await expect(row.locator('.chip')).toHaveText('Stored', { timeout: 60_000 });
    await expect(row).toContainText('resumed');
    expect(parts.before).toEqual(['1']);
    expect(parts.after).toEqual(['2']);
    const stored = (await svc.client.listFiles({ status: 'all' })).filter((f) => f.filename === 'paused.bin');
    expect(stored.map((f) => [f.status, f.size_mbytes])).toEqual([['STORED', 12]]);
  });

  test('when an upload is aborted, then Files hides it (the status filter shows it, with one word on access) and Retry resumes from the confirmed part', async ({
    page,
    svc,
  }) => {
    const file = randomFile('retried.bin', 12);
    const kept = await storeAnother(svc);
    const parts = await holdLaterParts(page);
    const app = new AppPage(page);
    await openApp(page, svc, '#/uploads');
    await app.chooseUploads([file]);
    const row = app.uploadRow('retried.bin');
    await partOneConfirmed(page);
    await row.getByRole('button', { name: 'Abort' }).click();
    await expect(row.locator('.chip')).toHaveText('Aborted');
    await expect(row).toContainText('8.0 MB of 12.0 MB (66%) kept for 6 hours: Retry goes on from here');
    await expect(row.getByRole('button', { name: 'Retry' })).toBeFocused();

    await app.nav('Files').click();
    await expect(app.fileRow(kept)).toBeVisible();
    await expect(app.fileRow('retried.bin')).toHaveCount(0);
    await app.filesStatusFilter().selectOption({ label: 'Unfinished uploads (1)' });
    await expect(app.fileRow('retried.bin')).toContainText('Unfinished upload');
    await app.fileRow('retried.bin').click();
    await expect(app.fileDrawer().getByTestId('file-access')).toHaveText('Nothing to share: the file is not stored yet. Once stored it will be public.');
    await expect(app.fileDrawer().getByText(/private/i)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await app.nav('Uploads').click();
    await parts.release();
    await row.getByRole('button', { name: 'Retry' }).click();
    await expect(row.locator('.chip')).toHaveText('Stored', { timeout: 60_000 });
    expect(parts.before).toEqual(['1']);
    expect(parts.after).toEqual(['2']);
    await app.nav('Files').click();
    await app.filesStatusFilter().selectOption('stored');
    await expect(app.fileRow('retried.bin')).toHaveCount(1);
  });

  test('when an aborted upload is discarded, then the service drops its parts and Files lists it only under "Failed or discarded"', async ({ page, svc }) => {
    const file = randomFile('discarded.bin', 12);
    const kept = await storeAnother(svc);
    await holdLaterParts(page);
    const app = new AppPage(page);
    await openApp(page, svc, '#/uploads');
    await app.chooseUploads([file]);
    const row = app.uploadRow('discarded.bin');
    await partOneConfirmed(page);
    await row.getByRole('button', { name: 'Abort' }).click();
    await row.getByRole('button', { name: 'Discard' }).click();
    await expect(row).toHaveCount(0);
    await expect
      .poll(async () => (await svc.client.listFiles({ status: 'all' })).find((f) => f.filename === 'discarded.bin')?.error_status)
      .toBe('UPLOAD_ABORTED');
    await app.nav('Files').click();
    await expect(app.fileRow(kept)).toBeVisible();
    await expect(app.fileRow('discarded.bin')).toHaveCount(0);
    await app.filesStatusFilter().selectOption({ label: 'Failed or discarded (1)' });
    await expect(app.fileRow('discarded.bin')).toContainText('Upload discarded');
  });

  test('when the same file is uploaded twice, then the second is the stored file reused, nothing sent, and one file is stored', async ({ page, svc }) => {
    const file = randomFile('twice.bin', 9);
    const sent: string[] = [];
    await page.route('**/uploads/**', async (route) => {
      sent.push(new URL(route.request().url()).pathname);
      await route.continue();
    });
    const app = new AppPage(page);
    await openApp(page, svc, '#/uploads');
    await app.chooseUploads([file]);
    await expect(app.uploadRow('twice.bin').locator('.chip')).toHaveText('Stored', { timeout: 60_000 });
    const firstParts = sent.length;
    expect(firstParts).toBe(2);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await app.chooseUploads([file]);
    await expect(app.uploadRow('twice.bin').locator('.chip')).toHaveText('Already stored');
    await expect(app.uploadRow('twice.bin')).toContainText('Same content as twice.bin: reused, nothing uploaded');
    expect(sent.length).toBe(firstParts);
    const stored = (await svc.client.listFiles({ status: 'all' })).filter((f) => f.filename === 'twice.bin');
    expect(stored).toHaveLength(1);
    await app.uploadRow('twice.bin').getByRole('link', { name: 'Show in Files' }).click();
    await expect(app.fileDrawer()).toBeVisible();
  });
});
