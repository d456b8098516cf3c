import type { FfdeskClient } from '../../../src-service/client';
import type { EventWatcher } from './api';
import { uploadParts } from './transfer';

/** Puts a local file into FFDesk storage by direct upload and returns its storage_url once STORED. */
export async function storeInput(client: FfdeskClient, events: EventWatcher, filePath: string): Promise<{ fileId: string; storageUrl: string }> {
  const { fileId } = await uploadParts(client, filePath, { concurrency: 4 });
  const final = await events.fileStatus(fileId, 'STORED');
  const file = await client.getFile(fileId);
  if (final.status !== 'STORED' || !file.storage_url) throw new Error(`upload ${fileId} ended ${file.status}`);
  return { fileId, storageUrl: file.storage_url };
}
