import type { PartBlocks } from '../storage/block-hasher';

/**
 * The content-hash block digests each part computed while its bytes arrived, per upload in
 * progress and per part number (memory only: after a restart the store hashes the file
 * instead). Complete-upload takes them for the store (docs/performance.md, uploads).
 */
export function createPartBlocks() {
  const byUpload = new Map<string, Map<number, PartBlocks>>();
  return {
    /** The part's bytes are about to change: its earlier digests no longer vouch for them. */
    forget(fileId: string, n: number): void {
      byUpload.get(fileId)?.delete(n);
    },
    record(fileId: string, n: number, blocks: PartBlocks): void {
      let known = byUpload.get(fileId);
      if (!known) byUpload.set(fileId, (known = new Map()));
      known.set(n, blocks);
    },
    /** Every part's digests, removed from the registry (the upload is being stored). */
    take(fileId: string): PartBlocks[] {
      const blocks = [...(byUpload.get(fileId)?.values() ?? [])];
      byUpload.delete(fileId);
      return blocks;
    },
    drop(fileId: string): void {
      byUpload.delete(fileId);
    },
  };
}

export type PartBlocksRegistry = ReturnType<typeof createPartBlocks>;
