import fs from 'node:fs';
import path from 'node:path';
import { openUnder } from '../../storage/no-follow';
import { stageHashing } from '../../watch/ingest';

/**
 * The watch-folder swap race (docs/sandbox.md, "What comes back out"): a dropped file is
 * checked, then swapped for a link to a private file before it is read. The watch folder's own
 * steps run here (`openUnder`, then `stageHashing` from the checked descriptor), with the swap
 * placed exactly between them, so the race is won every time rather than by luck. Shared by
 * storage/no-follow.test.ts and the escape catalogue.
 */
export async function runWatchSwapRace(tmp: string, privateFile: string): Promise<{ copied: string; size: number; reopen: string }> {
  const drop = path.join(tmp, 'drop');
  fs.mkdirSync(drop, { recursive: true });
  fs.writeFileSync(path.join(drop, 'clip.mp4'), 'the dropped file');
  const checked = await openUnder(drop, 'clip.mp4');
  fs.rmSync(path.join(drop, 'clip.mp4'));
  fs.symlinkSync(privateFile, path.join(drop, 'clip.mp4'));
  const staged = await stageHashing(checked, path.join(tmp, 'scratch'), new AbortController().signal);
  await checked.fh.close();
  const reopen = await openUnder(drop, 'clip.mp4').then(
    async (f) => {
      await f.fh.close();
      return 'opened';
    },
    (err: Error) => err.message,
  );
  return { copied: fs.readFileSync(staged.tempPath, 'utf8'), size: staged.size, reopen };
}
