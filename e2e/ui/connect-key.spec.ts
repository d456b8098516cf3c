import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, screen, test } from './fixtures';

const run = promisify(execFile);

/** The real CLI, as the connect screen tells the user to run it (npm, from the project folder). */
async function cli(args: string[], dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, FFDESK_DATA_DIR: dataDir };
  delete env.FFDESK_API_KEY;
  const { stdout } = await run('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: path.resolve('.'), env });
  return stdout;
}

test.describe('the connect screen', () => {
  test.use({ serviceKey: 'generated' });

  test('when the prefix from keys list is pasted, then it says it is a prefix and names keys local, whose last line connects', async ({ page, svc }) => {
    await page.goto(svc.url);
    const gate = page.getByRole('form', { name: 'Connect to FFDesk' });
    await expect(gate).toContainText('npm run --silent cli -- keys local');

    // What a user copies from `keys list`: the prefix column, ellipsis included.
    const listed = await cli(['keys', 'list'], svc.dataDir);
    const prefix = /\b(ffd_\S+…)/.exec(listed)?.[1];
    expect(prefix, listed).toBeDefined();
    await page.getByLabel('API key').fill(prefix as string);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(gate.getByText("That's a prefix, not the whole key.")).toBeVisible();
    await expect(gate.getByRole('status')).toContainText('Print the whole local key with npm run --silent cli -- keys local');
    await screen(page, '52-connect-prefix');

    // The same prefix without its ellipsis is still recognised.
    await page.getByLabel('API key').fill((prefix as string).replace('…', ''));
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(gate.getByText("That's a prefix, not the whole key.")).toBeVisible();

    // A wrong whole key is refused without the prefix advice.
    await page.getByLabel('API key').fill(`ffd_${'x'.repeat(43)}`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(gate.getByText('That key was refused')).toBeVisible();
    await expect(gate.getByRole('status')).toHaveText('');

    const key = (await cli(['keys', 'local'], svc.dataDir)).trimEnd().split('\n').pop() as string;
    expect(key).toBe(svc.apiKey);
    await page.getByLabel('API key').fill(key);
    await page.getByLabel('API key').press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The gate's field is gone: the keyboard goes on from the first screen's title, not from the page.
    await expect(page.locator('#main h1')).toBeFocused();
  });
});
