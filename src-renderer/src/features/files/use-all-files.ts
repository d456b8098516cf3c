import { useRef } from 'react';
import type { FfdeskClient, StoredFile } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { useServiceEvents } from '../../lib/events';
import { useAsync } from '../../lib/use-async';

const PAGE = 1000;

/** `GET /v1/files` pages are at most 1000 (docs/choices.md, Endpoints): read them all, newest first. */
async function loadAll(client: FfdeskClient, signal: AbortSignal): Promise<StoredFile[]> {
  const all: StoredFile[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await client.listFiles({ limit: PAGE, offset, signal, status: 'all' }); // the files page shows every state
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}

/** Every stored file, kept current by `file` events (deletes drop out, new files come in). */
export function useAllFiles() {
  const { client } = useApi();
  const files = useAsync((signal) => loadAll(client, signal), [client]);
  const pending = useRef(new Set<string>());

  useServiceEvents((e) => {
    if (e.type !== 'file') return;
    const { file_id, is_deleted } = e.data;
    if (is_deleted) return files.setData((list) => list?.filter((f) => f.file_id !== file_id));
    if (pending.current.has(file_id)) return;
    pending.current.add(file_id);
    client
      .getFile(file_id)
      .then((f) => files.setData((list) => (list ? upsert(list, f) : list)))
      .catch(() => undefined) // gone or not ours: nothing to show
      .finally(() => pending.current.delete(file_id));
  });
  return files;
}

function upsert(list: StoredFile[], file: StoredFile): StoredFile[] {
  if (file.is_deleted) return list.filter((f) => f.file_id !== file.file_id);
  const i = list.findIndex((f) => f.file_id === file.file_id);
  if (i === -1) return [file, ...list];
  const next = [...list];
  next[i] = file;
  return next;
}
