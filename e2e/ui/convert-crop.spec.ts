import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppPage } from './app-page';
import { seriousViolations } from './axe-check';
import { ConvertPage } from './convert-page';
import { expect, openApp, screen, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

/** Mean brightness (0-255) of a part of an element's picture on screen, given as fractions of its box. */
async function brightness(page: Page, el: Locator, part: { x: number; y: number; w: number; h: number }): Promise<number> {
  const png = (await el.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, part }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const [x, y, w, h] = [part.x * bitmap.width, part.y * bitmap.height, part.w * bitmap.width, part.h * bitmap.height].map(Math.round) as [
        number,
        number,
        number,
        number,
      ];
      const data = ctx.getImageData(x, y, w, h).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      return sum / (data.length / 4);
    },
    { png, part },
  );
}

/**
 * The crop drawn on the player (docs/gui.md, "Convert"): a rectangle dragged on the source
 * picture becomes crop=w:h:x:y in the command; the fields adjust it by keyboard; the job's
 * output has the cropped size.
 */
test.describe('builder: crop drawn on the player', () => {
  test('when a rectangle is dragged on the source picture and then adjusted by keyboard, then the command crops exactly that and the output has its size', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    const sample = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4')!;
    const [width, height] = [sample.width!, sample.height!];
    await openApp(page, svc);
    await new AppPage(page).openBuilder();
    const convert = new ConvertPage(page);
    await convert.pickStoredInput('in_1', 'sample-video.mp4');
    await convert.panel().getByRole('checkbox', { name: 'Crop' }).check();
    await expect(convert.field('Crop width')).toHaveValue(String(width));

    const drawer = convert.panel().getByTestId('crop-drawer');
    await drawer.scrollIntoViewIfNeeded();
    const picture = convert.panel().locator('.crop-drawer');
    await expect.poll(() => picture.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    // The top-left corner and the middle of the picture, before any crop is drawn (nothing dimmed).
    const corner = { x: 0.02, y: 0.02, w: 0.18, h: 0.18 };
    const middle = { x: 0.4, y: 0.4, w: 0.2, h: 0.2 };
    const before = { corner: await brightness(page, picture, corner), middle: await brightness(page, picture, middle) };
    const box = (await drawer.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 4 });
    await page.mouse.up();

    // Half the picture, from a quarter in (a pixel or two of rounding, even sizes).
    const value = async (label: string) => Number(await convert.field(label).inputValue());
    const drawn = { w: await value('Crop width'), h: await value('Crop height'), x: await value('From left'), y: await value('From top') };
    expect(Math.abs(drawn.w - width / 2)).toBeLessThanOrEqual(2);
    expect(Math.abs(drawn.h - height / 2)).toBeLessThanOrEqual(2);
    expect(Math.abs(drawn.x - width / 4)).toBeLessThanOrEqual(1);
    expect(Math.abs(drawn.y - height / 4)).toBeLessThanOrEqual(1);
    expect(drawn.w % 2).toBe(0);
    expect(drawn.h % 2).toBe(0);
    await expect(convert.command()).toContainText(`crop=${drawn.w}:${drawn.h}:${drawn.x}:${drawn.y}`);
    // Outside the rectangle the picture is dimmed; inside it is as it was.
    expect(await brightness(page, picture, corner)).toBeLessThan(before.corner * 0.6 + 1);
    expect(Math.abs((await brightness(page, picture, middle)) - before.middle)).toBeLessThan(before.middle * 0.1 + 2);

    // The keyboard: two steps down on the width field, one up on the left offset.
    await convert.field('Crop width').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await convert.field('From left').focus();
    await page.keyboard.press('ArrowUp');
    const final = { w: drawn.w - 2, h: drawn.h, x: drawn.x + 1, y: drawn.y };
    await expect(convert.command()).toContainText(`crop=${final.w}:${final.h}:${final.x}:${final.y}`);
    const rect = drawer.locator('.crop-drawer-rect');
    await expect.poll(() => rect.evaluate((el) => (el as HTMLElement).style.width)).toBe(`${(final.w / width) * 100}%`);
    await screen(page, 'convert-crop');
    expect(await seriousViolations(page)).toEqual([]);

    const id = await new AppPage(page).runJob();
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status, record.error_message ?? '').toBe('SUCCESS');
    const out = Object.values(record.output_files ?? {})[0];
    expect([out?.width, out?.height]).toEqual([final.w, final.h]);
  });

  test("when the source is a phone's portrait video stored on its side, then its 480p is 480 wide, the crop is drawn and counted on the upright picture, and the output is that part of it", async ({
    page,
    svc,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-crop-'));
    const stored = path.join(dir, 'stored.mp4');
    const phone = path.join(dir, 'phone.mp4');
    // Bigger than 480p both whole and cropped to its top half: a resolution never enlarges the picture.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1280x720:rate=25:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      stored,
    ]);
    // A display matrix turns it upright (written on a stream copy; an encode drops the tag): shown 720 × 1280.
    execFileSync('ffmpeg', ['-v', 'error', '-i', stored, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', phone]);
    await svc.client.uploadFile(new Blob([fs.readFileSync(phone)]), { filename: 'phone-upright.mp4' });
    fs.rmSync(dir, { recursive: true, force: true });
    await openApp(page, svc);
    await new AppPage(page).openBuilder();
    const convert = new ConvertPage(page);
    await convert.pickStoredInput('in_1', 'phone-upright.mp4');
    await expect(page.getByRole('group', { name: /About phone-upright/ })).toContainText('720×1280');
    // A portrait picture's 480p is 480 wide, as phones count it (by the height it came out 270 × 480).
    await convert.field('Resolution').selectOption({ label: '480p' });
    await expect(convert.command()).toContainText('scale=480:-2');
    await expect(convert.estimate()).toContainText('480×854');
    await convert.panel().getByRole('checkbox', { name: 'Crop' }).check();
    await expect(convert.field('Crop width')).toHaveValue('720');
    await expect(convert.field('Crop height')).toHaveValue('1280');
    const drawer = convert.panel().getByTestId('crop-drawer');
    await drawer.scrollIntoViewIfNeeded();
    const box = (await drawer.boundingBox())!;
    expect(box.height).toBeGreaterThan(box.width);
    // The top half of the upright picture.
    await page.mouse.move(box.x + 1, box.y + 1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const value = async (label: string) => Number(await convert.field(label).inputValue());
    const drawn = { w: await value('Crop width'), h: await value('Crop height'), x: await value('From left'), y: await value('From top') };
    // A screen pixel of the drawer is several of the picture's.
    expect(Math.abs(drawn.w - 720)).toBeLessThanOrEqual(8);
    expect(Math.abs(drawn.h - 640)).toBeLessThanOrEqual(8);
    // From the top left corner (a screen pixel in: a few of the picture's).
    expect(Math.max(drawn.x, drawn.y)).toBeLessThanOrEqual(4);
    // The top half is wider than tall: its 480p is 480 high again.
    await expect(convert.command()).toContainText(`crop=${drawn.w}:${drawn.h}:${drawn.x}:${drawn.y},scale=-2:480`);
    const id = await new AppPage(page).runJob();
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status, record.error_message ?? '').toBe('SUCCESS');
    const out = Object.values(record.output_files ?? {})[0];
    expect([out?.width, out?.height]).toEqual([2 * Math.round((drawn.w * 480) / drawn.h / 2), 480]);
  });
});
