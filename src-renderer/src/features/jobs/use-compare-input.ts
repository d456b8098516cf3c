import { isEditRequest, type CommandRecord, type StoredFile } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { compareKindOf, mediaFactsLine, storageFileIdOf } from '../../lib/compare-facts';
import type { CompareSide } from '../../ui/CompareView';
import { useAsync } from '../../lib/use-async';
import { displayName } from '../../lib/media';

/**
 * The job's one input as a compare side (none when it read several: which one would be
 * ambiguous; none for a cut, whose output starts at its in point, not at the source's start). Its stored record, when the URL points into storage, gives its type and facts.
 */
export function useCompareInput(record: CommandRecord): CompareSide | undefined {
  const { client } = useApi();
  const request = record.original_request;
  const inputs = isEditRequest(request) ? [] : Object.entries(request.input_files ?? {});
  const only = inputs.length === 1 ? inputs[0] : undefined;
  const fileId = only ? storageFileIdOf(only[1]) : null;
  const file = useAsync<StoredFile | null>((signal) => (fileId ? client.getFile(fileId, { signal }) : Promise.resolve(null)), [client, fileId]);
  if (!only) return undefined;
  const stored = file.data ?? undefined;
  // Named by its file, as the output side is (an editor does not know "in_1").
  return {
    url: only[1],
    label: stored ? `Input: ${displayName(stored)}` : 'Input',
    kind: compareKindOf(only[1], stored),
    facts: mediaFactsLine(stored),
    ...(stored ? { stored: { fileId: stored.file_id, codec: stored.codec ?? null, hasPicture: (stored.width ?? 0) > 0 } } : {}),
  };
}
