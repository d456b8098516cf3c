import AxeBuilder from '@axe-core/playwright';
import { AppPage } from './app-page';
import { ConvertPage } from './convert-page';
import { expect, openApp, test } from './fixtures';

test.describe('builder: split a long encode', () => {
  test('when the input is longer than the split threshold, then the convert panel proposes splitting across cores and the job view shows the segments as a strip', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    await openApp(page, svc);
    // The threshold is a documented setting (Settings, "Split long encodes"); the 8 s sample stands in for a long film.
    await app.nav('Settings').click();
    await page.getByLabel('Propose splitting from (seconds)').fill('5');
    await app.openBuilder();
    const convert = new ConvertPage(page);
    await convert.pickStoredInput('in_1', 'sample-video.mp4');
    await convert.field('Resolution').selectOption({ label: '480p' });
    const offer = convert.panel().getByTestId('split-offer');
    const split = offer.getByRole('checkbox', { name: /^Split across \d+ cores?$/ });
    await expect(split).toBeVisible();
    await expect(offer.getByTestId('split-estimate')).toContainText(/Estimated time ≈ \d+:\d\d instead of 0:08/);
    await split.check();
    const axe = await new AxeBuilder({ page }).include('[data-testid="split-offer"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // -re paces the encode to real time, so segments are seen running before they are done.
    await app.prependToCommand('-re ');
    const id = await app.runJob();

    const strip = page.getByRole('list', { name: 'Segments' });
    await expect(strip.getByRole('listitem', { name: /: running on local:core\d+$/ }).first()).toBeVisible({ timeout: 60_000 });
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status).toBe('SUCCESS');
    expect(record.original_request).toMatchObject({ segmented: { segment_seconds: expect.any(Number) } });
    const count = record.segments?.length ?? 0;
    expect(count).toBeGreaterThan(1);
    await expect(strip.getByRole('listitem')).toHaveCount(count);
    await expect(strip.getByRole('listitem', { name: /: done on local:core\d+$/ })).toHaveCount(count);
    await expect(strip.getByRole('listitem').first()).toHaveAccessibleName(new RegExp(`^Segment 1 of ${count}, 0:00–0:0\\d: done on local:core\\d+$`));
    const axeJob = await new AxeBuilder({ page }).include('[data-testid="segment-strip"]').analyze();
    expect(axeJob.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});
