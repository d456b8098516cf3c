import { EditBody, type EditMode } from '../../../src-service/contract/edits.schema';
import { isHttpUrl } from '../../../src-service/contract/names';
import { handOff } from './hand-off';
import { navigate } from './router';

/** A cut job's marks and choices, for the Cut screen to open with ("Cut again" on the job page). */
export interface CutAgain {
  /** The stored file it cut. */
  fileId: string;
  /** In the request's order, as they were asked (not where a lossless cut snapped them). */
  segments: { start: number; end: number; name?: string }[];
  mode: EditMode;
  join: boolean;
  /** The joined file's name (with one file each: the name the segments' files are made from). */
  filename: string;
}

/**
 * What the Cut screen needs to cut a job again, from the job's request as it was sent (a
 * `POST /v1/edits` body, read by the API's own schema, lax numbers and all); null when the job is
 * not a cut, or cut a URL the Cut screen cannot open (docs/gui.md, "Cut again").
 */
export function cutAgainOf(request: unknown): CutAgain | null {
  const body = EditBody.safeParse(request);
  if (!body.success || isHttpUrl(body.data.input)) return null;
  const { input, segments, mode, join, output } = body.data;
  return {
    fileId: input,
    segments: segments.map(({ start, end, name }) => ({ start, end, ...(name ? { name } : {}) })),
    mode,
    join,
    filename: output.filename,
  };
}

/** Read by the clip view of that file as it mounts (`useHandedOff`, hand-off.ts). */
export const cutHandOff = handOff<CutAgain>();

/** Opens the Cut screen on the job's file with its marks and choices. */
export function openCutAgain(again: CutAgain): void {
  cutHandOff.give(again);
  navigate({ name: 'clip', id: again.fileId });
}
