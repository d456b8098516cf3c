import { AppPage } from './app-page';
import { expect, openApp, screen, test } from './fixtures';

test.describe('app shell', () => {
  test('when no key is known, then the key gate asks for one and a wrong key is refused', async ({ page, svc }) => {
    await page.goto(svc.url);
    await expect(page.getByText('Paste the API key.', { exact: false })).toBeVisible();
    await screen(page, '01-key-gate');
    await page.getByLabel('API key').fill('not-the-key');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText('That key was refused')).toBeVisible();
    await page.getByLabel('API key').fill(svc.apiKey);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('when the key arrives in the URL fragment, then it is stored and removed from the address', async ({ page, svc }) => {
    await openApp(page, svc);
    expect(page.url()).not.toContain(svc.apiKey);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
  });

  test('when the key is revoked meanwhile, then a 401 returns to the gate', async ({ page, svc }) => {
    await openApp(page, svc);
    await page.evaluate(() => localStorage.setItem('ffdesk.apiKey', 'revoked-key-123'));
    await page.reload();
    await expect(page.getByText('Paste the API key.', { exact: false })).toBeVisible();
  });

  test('when Ctrl and a digit are pressed, then the sidebar’s screen of that number opens and the keyboard goes on in it', async ({ page, svc }) => {
    const app = new AppPage(page);
    await openApp(page, svc);
    await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
    await expect(app.nav('Files')).toHaveAttribute('aria-keyshortcuts', 'Control+4');
    // From the page itself: nothing has the focus yet.
    await page.keyboard.press('Control+3');
    await expect(page.getByRole('heading', { name: 'Cut a clip: choose a file' })).toBeFocused();
    // From a control of the screen, which goes away with it.
    await page.keyboard.press('Control+2');
    await expect(page.getByRole('heading', { name: 'New job', exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Hide templates' }).focus();
    await page.keyboard.press('Control+1');
    await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeFocused();
    // From the sidebar: the keyboard leaves it for the screen.
    await app.nav('Uploads').focus();
    await page.keyboard.press('Control+7');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeFocused();
    // Digits alone stay digits.
    await page.keyboard.press('4');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    // Enter on a sidebar link: the keyboard goes on in the screen it opens, not on the link.
    await app.nav('Files').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeFocused();
    // ? on any screen lists the keys that work everywhere; ? again closes it.
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keys' });
    await expect(keys).toContainText('Ctrl+3Go to Cut');
    await page.keyboard.press('?');
    await expect(keys).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeFocused();
  });

  test('when the app has loaded, then every screen’s code loads while the browser is idle, before the screen is opened', async ({ page, svc }) => {
    await openApp(page, svc);
    await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
    // The Cut screen's chunk is fetched before the screen is ever opened.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/ClipPage-[^/]+\.js$/.test(r.name))), { timeout: 10_000 })
      .toBe(true);
    await page.keyboard.press('Control+3');
    await expect(page.getByRole('heading', { name: 'Cut a clip: choose a file' })).toBeFocused();
    await page.keyboard.press('Control+o');
    await expect(page.getByRole('dialog', { name: 'Open a video or audio file' })).toBeVisible();
  });

  // The time is printed, not asserted: speed is checked by `npm run bench` (renderer bundle rows), never by a timed test.
  test('when the app is reloaded with a known key, then the shell renders straight away without the gate', async ({ page, svc }) => {
    await openApp(page, svc);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect(page.getByText('Paste the API key.', { exact: false })).toHaveCount(0);
    console.log(`first render: ${Math.round(await page.evaluate(() => performance.now()))} ms`);
  });

  test('when the app loads and the job builder opens, then the page reports no security-policy violation (no eval is even tried)', async ({ page, svc }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
    });
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await openApp(page, svc);
    await new AppPage(page).openBuilder();
    await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors.filter((t) => /Content Security Policy|script-src|unsafe-eval/i.test(t))).toEqual([]);
  });

  test.describe('with the offline-demo samples', () => {
    test.use({ samples: true });
    test('every screen renders; screenshots for review', async ({ page, svc }) => {
      await svc.samplesReady();
      const app = new AppPage(page);
      await openApp(page, svc);
      await expect(page.getByText('No jobs yet')).toBeVisible();
      await screen(page, '02-jobs-empty');
      await app.nav('New job').click();
      await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeVisible();
      await screen(page, '03-new-job');
      await app.nav('Files').click();
      await expect(page.getByRole('grid', { name: 'Stored files' })).toBeVisible();
      await screen(page, '04-files');
      await app.nav('Uploads').click();
      await expect(page.getByText('Drop files here')).toBeVisible();
      await screen(page, '05-uploads');
      await app.nav('Settings').click();
      await expect(page.getByText(svc.dataDir)).toBeVisible();
      await screen(page, '06-settings');
    });
  });
});
