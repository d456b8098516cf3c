import fs from 'node:fs/promises';
import path from 'node:path';
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
  child.on('error', () => undefined); // no file manager here: nothing to show, nothing to fail
  child.unref();
  return { opened: folder };
}
