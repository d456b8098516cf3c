import fs from 'node:fs/promises';
import path from 'node:path';
import { ConflictError } from '../errors';
import { spawnChild } from '../media/child-process';
import { realHome, resolveInsideHome } from './local-only';

/**
 * "Show in folder" in web mode (docs/api.md, "Local folders"): the desktop's file manager opens
 * the folder of a file (macOS and Windows select the file). Detached, never through a shell;
 * the path is inside home, resolved, and passed as one argument.
 */
export async function revealPath(requested: string, platform: NodeJS.Platform = process.platform): Promise<{ opened: string }> {
  const real = await resolveInsideHome(requested, await realHome(), 'path');
  const isDir = (await fs.stat(real)).isDirectory();
  const folder = isDir ? real : path.dirname(real);
  const [bin, args] =
    platform === 'darwin'
      ? ['open', isDir ? [real] : ['-R', real]]
      : platform === 'win32'
        ? ['explorer.exe', [isDir ? real : `/select,${real}`]]
        : ['xdg-open', [folder]];
  const child = spawnChild(bin, args, { detached: true, stdio: 'ignore' });
  child.unref();
  // A machine without a desktop answers at once (xdg-open: "no method available", exit 3): said, where
  // the button did nothing and said nothing. A file manager that starts keeps its opener running or ends it well.
  const ended = await new Promise<number | 'failed' | 'running'>((resolve) => {
    const timer = setTimeout(() => resolve('running'), LAUNCH_WAIT_MS);
    timer.unref();
    child.once('error', () => resolve('failed'));
    child.once('exit', (code) => resolve(code ?? 'failed'));
  });
  if (ended !== 'running' && ended !== 0)
    throw new ConflictError(
      `No file manager could show ${folder} on this machine (${bin} ${ended === 'failed' ? 'is missing' : `ended with code ${ended}`}): open the folder yourself`,
    );
  return { opened: folder };
}

/** How long the opener may take to fail before the folder counts as shown. */
const LAUNCH_WAIT_MS = 1500;
