import fs from 'node:fs/promises';
import path from 'node:path';
import { OPEN_UNTRUSTED } from '../storage/no-follow';
import { ValidationError } from '../errors';
import { realHome, resolveInsideHome } from './local-only';
import type { LocalFile } from '../files/form-upload';

const refused = (msg: string) => new ValidationError([{ loc: ['body', 'path'], msg, type: 'value_error' }]);

/**
 * The file a local path names, for `POST /v1/local/open`: absolute, inside the home folder once
 * every link is resolved (403 otherwise), a regular non-empty file (422). It is opened without
 * following a link and read through that descriptor's size, so what was checked is what is named.
 */
export async function localFileAt(requested: string): Promise<LocalFile> {
  const real = await resolveInsideHome(requested, await realHome(), 'path', 'file');
  let st;
  try {
    const fh = await fs.open(real, OPEN_UNTRUSTED);
    st = await fh.stat().finally(() => fh.close());
  } catch (err) {
    throw refused(`Cannot open ${requested}: ${(err as Error).message}`);
  }
  if (st.isDirectory()) throw refused(`${requested} is a folder: choose a file in it`);
  if (!st.isFile()) throw refused(`${requested} is not a regular file`);
  if (st.size === 0) throw refused(`${requested} is empty`);
  return { path: real, name: path.basename(real), size: st.size };
}
