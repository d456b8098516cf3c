import fs from 'node:fs';
import { openInheritableDescriptors } from '../media/inherited-descriptors';

/**
 * Closes the descriptors above 2 that this process inherited open without close-on-exec (a
 * pipe or file its parent forgot), first thing in `ffdesk serve` and `ffdesk worker`, whose
 * parent is a shell or a supervisor: nothing of theirs is needed (docs/sandbox.md, "Clean
 * process start"). Every child is also spawned with /dev/null over whatever inherited
 * descriptor is left (media/child-process.ts); closing them as well keeps them from this
 * process's own use. Node's IPC channel (NODE_CHANNEL_FD) is kept. Linux only (it reads
 * /proc); a no-op elsewhere. Returns the descriptors it closed.
 */
export function closeInheritedDescriptors(): number[] {
  const keep = Number(process.env.NODE_CHANNEL_FD ?? -1);
  const closed: number[] = [];
  for (const fd of openInheritableDescriptors()) {
    if (fd === keep) continue;
    try {
      fs.closeSync(fd);
      closed.push(fd);
    } catch {
      continue; // already gone
    }
  }
  return closed;
}
