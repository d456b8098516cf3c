import { AppPage } from './app-page';
import { seriousViolations } from './axe-check';
import { ConvertPage } from './convert-page';
import { expect, openApp, screen, test } from './fixtures';

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
});
