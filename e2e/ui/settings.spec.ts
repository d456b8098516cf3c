import { startWebhookReceiver } from '../../src-service/testing/webhook-receiver';
import { AppPage } from './app-page';
import { expect, openApp, screen, test } from './fixtures';

test.describe('settings', () => {
  test('when a webhook URL is saved, then the secret shows once; "Send test" reaches a real receiver; a delivery can be replayed', async ({ page, svc }) => {
    const receiver = await startWebhookReceiver();
    try {
      const app = new AppPage(page);
      await openApp(page, svc);
      await app.nav('Settings').click();
      await page.getByLabel('URL called when a job ends').fill(receiver.url);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const secret = page.getByText(/Signing secret:/);
      await expect(secret).toBeVisible();
      receiver.secret = ((await secret.locator('code').textContent()) ?? '').trim();
      expect(receiver.secret).toMatch(/^whsec_/);

      await page.getByRole('button', { name: 'Send test' }).click();
      const [first] = await receiver.waitFor(1);
      expect(first?.isSignatureValid).toBe(true);
      const row = page.getByRole('row').filter({ hasText: 'Delivered' }).first();
      await expect(row).toBeVisible();

      await row.getByRole('button', { name: /Replay delivery/ }).click();
      const both = await receiver.waitFor(2);
      expect(both[1]?.headers.id).toBe(both[0]?.headers.id); // a replay keeps the webhook-id
      expect(both[1]?.isSignatureValid).toBe(true);
      await screen(page, '07-settings-webhook');
    } finally {
      await receiver.close();
    }
  });

  test('when a URL is typed before the saved webhook has loaded, then the typing stays and Save stores it', async ({ page, svc }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let loaded = () => {};
    const answered = new Promise<void>((resolve) => (loaded = resolve));
    await page.route(/\/v1\/webhook(\?|$)/, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await held;
      await route.continue();
      loaded();
    });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Settings').click();
    const field = page.getByLabel('URL called when a job ends');
    await field.fill('http://127.0.0.1:9/typed-early');
    release();
    await answered;
    await expect(field).toHaveValue('http://127.0.0.1:9/typed-early');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/Signing secret:/)).toBeVisible();
    expect((await svc.client.getWebhook()).url).toBe('http://127.0.0.1:9/typed-early');
  });
});

test.describe('settings: workers', () => {
  test('when the service runs commands itself, then the Workers section says so and lists no worker', async ({ page, svc }) => {
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Settings').click();
    const section = page.getByRole('region', { name: 'Workers' });
    await expect(section).toBeVisible();
    await expect(section.getByText(/Commands run on this machine/)).toBeVisible();
    await expect(section.getByRole('table')).toHaveCount(0);
  });
});
