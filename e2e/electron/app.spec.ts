import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { _electron as electron, expect, test } from '@playwright/test';
import { ensureElectronSqlite } from '../../src-main/electron-native';

const root = path.resolve('.');

/** The Electron binary, where its install could download it (it needs GitHub). */
function electronBinary(): string | null {
  try {
    const bin = createRequire(path.join(root, 'package.json'))('electron') as unknown;
    return typeof bin === 'string' && fs.existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

const bin = electronBinary();
const SKIP_REASON = 'SKIPPED: the Electron binary is not installed on this machine (its download needs GitHub); these tests run where it exists';
if (!bin) console.log(`e2e/electron: ${SKIP_REASON}`);

test.describe('desktop shell (Electron)', () => {
  test.skip(!bin, SKIP_REASON);

  test('when the app starts, then a sandboxed window shows the UI served by the in-process service', async () => {
    const built = spawnSync(path.join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
    expect(built.status).toBe(0);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-electron-'));
    const env = { ...process.env, ...ensureElectronSqlite(root, bin as string), FFDESK_DATA_DIR: dataDir } as Record<string, string>;
    const app = await electron.launch({ executablePath: bin as string, args: [root], env });
    try {
      const win = await app.firstWindow();
      await expect(win.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 60_000 });
      // Renderer isolation: no Node, only the small typed bridge.
      expect(await win.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
      const cfg = await win.evaluate(() =>
        (window as unknown as { ffdesk: { getConfig(): Promise<{ serviceUrl: string; apiKey: string }> } }).ffdesk.getConfig(),
      );
      expect(cfg.serviceUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${cfg.serviceUrl}/v1/health`);
      expect(health.status).toBe(200);
      // window.open is denied: no second window appears.
      await win.evaluate(() => window.open('https://example.com/'));
      expect(app.windows()).toHaveLength(1);
      const prefs = await app.evaluate(({ BrowserWindow }) => {
        const w = BrowserWindow.getAllWindows()[0];
        return w ? { isolated: w.webContents.getLastWebPreferences()?.contextIsolation, sandbox: w.webContents.getLastWebPreferences()?.sandbox } : null;
      });
      expect(prefs).toEqual({ isolated: true, sandbox: true });
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
