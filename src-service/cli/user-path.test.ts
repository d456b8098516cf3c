import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { userDataDir, userPath } from './user-path';
import { resolveTarget } from './context';
import fs from 'node:fs';
import os from 'node:os';

const npmRun = (initCwd: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ npm_lifecycle_event: 'serve', INIT_CWD: initCwd, ...extra });

describe('paths the user types resolve from the folder they ran the command in', () => {
  it('when started by npm run from another folder, then a relative FFDESK_DATA_DIR resolves from INIT_CWD', () => {
    expect(userDataDir(npmRun('/home/me/project', { FFDESK_DATA_DIR: './data' }))).toBe(path.resolve('/home/me/project', 'data'));
    expect(userDataDir(npmRun('/home/me/project', { FFDESK_DATA_DIR: '/abs/data' }))).toBe(path.resolve('/abs/data'));
    expect(userDataDir(npmRun('/home/me/project'))).toBeUndefined();
    expect(userPath('x.mp4', { FFDESK_DATA_DIR: 'd' })).toBe(path.resolve(process.cwd(), 'x.mp4'));
  });

  it('when the CLI reads the local key of a relative FFDESK_DATA_DIR, then it reads it from INIT_CWD', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-user-'));
    fs.mkdirSync(path.join(home, 'data'));
    fs.writeFileSync(path.join(home, 'data', 'local-api-key'), 'ffd_from_user_folder\n');
    expect(resolveTarget(npmRun(home, { FFDESK_DATA_DIR: 'data' })).apiKey).toBe('ffd_from_user_folder');
    fs.rmSync(home, { recursive: true, force: true });
  });
});
