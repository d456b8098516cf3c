import { loadEntry, saveEntry } from '../../lib/recent-entries';
import { EDIT_MODES, type EditMode } from '../../../../src-service/contract/edits.schema';
import { AS_SOURCE, DEFAULT_ENCODE, QUALITIES, type EncodeChoices } from './encode-options';

/**
 * The export panel of each file as it was left (docs/gui.md, "The export is kept"): the mode,
 * layout, a typed name, size and quality, and the last export's job, so going to another screen
 * and back (Ctrl+1, Ctrl+3) still shows "Done" and S still saves it. Kept as segments are.
 */
const PREFIX = 'ffdesk.clip.export.v1.';
const MAX_FILES = 50;

export interface KeptExport {
  mode: EditMode;
  join: boolean;
  /** A name typed in the field; '' follows the segments. */
  filename: string;
  segmentSeconds: number | null;
  encode: EncodeChoices;
  /** The last export: its job, and the request it sent (to tell a later change from it). */
  last: { commandId: string; requestKey: string } | null;
}

const positive = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;
const orNull = (x: unknown) => (positive(x) ? x : null);

/** The entry's choices, or null when it is not one (an old format, a hand edit). Pure. */
export function parseKeptExport(text: string | null): KeptExport | null {
  if (!text) return null;
  try {
    const k = JSON.parse(text) as Record<string, unknown>;
    const e = (k.encode ?? {}) as Record<string, unknown>;
    const last = k.last as Record<string, unknown> | null | undefined;
    if (!EDIT_MODES.includes(k.mode as EditMode) || typeof k.join !== 'boolean' || typeof k.filename !== 'string' || k.filename.length > 255) return null;
    const quality = QUALITIES.find((q) => q.quality === e.quality)?.quality ?? 'high';
    const isLast = last && typeof last.commandId === 'string' && /^[\w-]{1,100}$/.test(last.commandId) && typeof last.requestKey === 'string';
    return {
      mode: k.mode as EditMode,
      join: k.join,
      filename: k.filename,
      segmentSeconds: orNull(k.segmentSeconds),
      encode: {
        shortSide: e.shortSide === AS_SOURCE ? AS_SOURCE : orNull(e.shortSide),
        quality,
        gifFps: e.gifFps === null ? null : (orNull(e.gifFps) ?? DEFAULT_ENCODE.gifFps),
      },
      last: isLast ? { commandId: last.commandId as string, requestKey: last.requestKey as string } : null,
    };
  } catch {
    return null;
  }
}

export const loadKeptExport = (fileId: string): KeptExport | null => loadEntry(PREFIX, fileId, parseKeptExport);

export function saveKeptExport(fileId: string, kept: KeptExport): void {
  saveEntry(PREFIX, fileId, kept, MAX_FILES);
}
