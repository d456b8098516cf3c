import type { SaveToResponse } from '../../contract/file-facts.schema';
import type { SavedOutput } from '../../local/save-to';

/** `POST /v1/commands/{id}/save-to`'s answer: each copied output and where it went. */
export function presentSavedOutputs(saved: SavedOutput[]): SaveToResponse {
  return { saved: saved.map((s) => ({ file_id: s.fileId, path: s.path })) };
}
