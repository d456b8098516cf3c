import { useEffect, useRef, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from 'react';
import { ProgressBar } from '../../ui/ProgressBar';
import { hrefOf } from '../../lib/router';
import { SplitOffer, type SplitPlan } from '../../ui/SplitOffer';
import type { EditMode } from './clip-api';
import type { EditRun } from './use-edit-run';

export interface ExportOptions {
  mode: EditMode;
  join: boolean;
  filename: string;
  /** Re-encode split across cores or workers: the segment length to send, null for one encode. */
  segmentSeconds: number | null;
}

type ModeChoice = { mode: EditMode; label: string; hint: string };

export const MODES: ModeChoice[] = [
  { mode: 'smart', label: 'Smart', hint: 'frame-exact; re-encodes only the frames next to each cut' },
  { mode: 'lossless', label: 'Lossless', hint: 'stream copy; each start moves back to a keyframe' },
  { mode: 'reencode', label: 'Re-encode', hint: 'frame-exact; everything encoded again' },
];

/**
 * A file without a picture has two ways to be cut, not three: with no frames to copy between
 * the cuts, smart encodes the sound again as re-encode does (docs/cutting.md, "Fallbacks"), and
 * offering both, then saying "cut as re-encode" after a smart cut, read as a failure.
 */
const SOUND_MODES: ModeChoice[] = [
  { mode: 'smart', label: 'Exact', hint: 'to the millisecond; the sound is encoded again' },
  { mode: 'lossless', label: 'Lossless', hint: 'the sound copied as it is; each cut moves to the nearest audio packet, a few ms off' },
];

/** Sound stored without loss (a WAV, a FLAC) is cut by samples by Lossless too: the hint says so, not "a few ms off". */
const EXACT_LOSSLESS_SOUND: ModeChoice = {
  mode: 'lossless',
  label: 'Lossless',
  hint: 'every sample kept as it is, cut to the millisecond (this sound is stored without loss)',
};

export const modesFor = (soundOnly: boolean, soundWithoutLoss = false): ModeChoice[] =>
  !soundOnly ? MODES : soundWithoutLoss ? SOUND_MODES.map((m) => (m.mode === 'lossless' ? EXACT_LOSSLESS_SOUND : m)) : SOUND_MODES;

/** What the file name's extension decides, for this mode and file (a sound has no codecs of a picture to keep). */
export function filenameHint(mode: EditMode, soundOnly: boolean): string {
  if (soundOnly) return 'The extension sets the format: .wav, .flac, .m4a, .mp3, .opus or .ogg.';
  if (mode === 'reencode')
    return 'The extension sets the format: .mp4, .mov, .mkv and .webm are encoded at the size and quality below; .gif too; .m4a, .mp3 and .wav keep the sound only.';
  return "The extension sets the format: .mp4, .mov and .mkv keep the source's codecs; .webm and .gif are encoded whole; .m4a, .mp3 and .wav keep the sound only.";
}

/** The mode as sent and shown: a sound's re-encode (kept from before, or from a script) is its exact cut. */
export const modeOf = (mode: EditMode, soundOnly: boolean): EditMode => (soundOnly && mode === 'reencode' ? 'smart' : mode);

interface Props {
  options: ExportOptions;
  setOptions: Dispatch<SetStateAction<ExportOptions>>;
  /** Keep the segments (true) or remove them: part of the segments' history (X, Ctrl+Z). */
  keep: boolean;
  setKeep(keep: boolean): void;
  problem: string | null;
  partCount: number;
  /** The split across cores offered for a joined re-encode of what the export keeps (P switches it). */
  split: SplitPlan | null;
  run: EditRun;
  /** The segments or options changed since the export shown: its "Done" is of an earlier cut. */
  isEarlierCut?: boolean;
  exportButton: RefObject<HTMLButtonElement | null>;
  onExport(): void;
  /** The tracks kept (TrackChoice), where there is a choice. */
  tracks?: ReactNode;
  /** The file has no picture: the modes say what they do to sound. */
  soundOnly?: boolean;
  /** Its sound is stored without loss (PCM, FLAC, ALAC): Lossless cuts it by samples too. */
  soundWithoutLoss?: boolean;
  /** One file per segment: each file's name (the name field is their base). */
  segmentFiles?: readonly string[] | null;
  /** The cut shown was saved into a folder (Save to): its line says so, not "Press S" again. */
  isSaved?: boolean;
  /** Size, quality and a GIF's rate (EncodeFields), where the export encodes the picture. */
  encode?: ReactNode;
  /** Why Smart would encode this file whole (GET /v1/files/{id}/keyframes), said before the export, not after it. */
  smartRefusal?: string | null | undefined;
}

/** Mode, joined or one file each, keep or remove the segments, the file name, and the job it started. */
export function ExportPanel({
  options,
  setOptions,
  keep,
  setKeep,
  problem,
  partCount,
  split,
  run,
  isEarlierCut,
  exportButton,
  onExport,
  tracks,
  segmentFiles,
  soundOnly = false,
  soundWithoutLoss = false,
  isSaved = false,
  smartRefusal,
  encode,
}: Props) {
  const set = (patch: Partial<ExportOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const status = run.record?.status;
  return (
    <section className="card stack" aria-labelledby="clip-export-title">
      <h2 id="clip-export-title" className="card-title">
        Export
      </h2>
      <fieldset className="clip-fieldset">
        <legend className="field-label">Cut (M switches)</legend>
        {modesFor(soundOnly, soundWithoutLoss).map((m) => (
          <label key={m.mode} className="clip-radio">
            <input type="radio" name="clip-mode" checked={modeOf(options.mode, soundOnly) === m.mode} onChange={() => set({ mode: m.mode })} />
            <span>
              <strong>{m.label}</strong> <span className="muted small">— {m.hint}</span>
            </span>
          </label>
        ))}
        {smartRefusal && !soundOnly && (
          <p className="small notice notice-info" data-testid="smart-refusal">
            On this file Smart encodes everything again, as Re-encode does: {smartRefusal.charAt(0).toLowerCase() + smartRefusal.slice(1)}. Lossless is the
            quick way.
          </p>
        )}
      </fieldset>
      <fieldset className="clip-fieldset">
        <legend className="field-label">Segments (X switches)</legend>
        <label className="clip-radio">
          <input type="radio" name="clip-keep" checked={keep} onChange={() => setKeep(true)} />
          Keep selected
        </label>
        <label className="clip-radio">
          <input type="radio" name="clip-keep" checked={!keep} onChange={() => setKeep(false)} />
          Remove selected (keep the rest)
        </label>
      </fieldset>
      <label className="clip-radio">
        <input type="checkbox" checked={options.join} onChange={(e) => set({ join: e.target.checked })} />
        Join into one file (else one file per segment; G switches)
      </label>
      {tracks}
      {options.mode === 'reencode' && options.join && (
        // An edit runs on the service's cores, with or without workers (docs/scale-out.md, "Edits").
        <SplitOffer plan={split} keyShortcut="P" checked={options.segmentSeconds !== null} onChange={(n) => set({ segmentSeconds: n })} />
      )}
      <label className="field">
        <span className="field-label">{segmentFiles ? 'File names from' : 'File name'}</span>
        <input
          className="input"
          value={options.filename}
          onChange={(e) => set({ filename: e.target.value })}
          // Enter exports (as E does outside the field); Escape hands the keys back to the view.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onExport();
            } else if (e.key === 'Escape') e.currentTarget.blur();
          }}
          spellCheck={false}
          aria-describedby="clip-filename-hint"
          aria-keyshortcuts="Enter"
        />
        <span id="clip-filename-hint" className="field-hint">
          {filenameHint(options.mode, soundOnly)}
        </span>
        {segmentFiles && segmentFiles.length > 0 && (
          <span className="field-hint" data-testid="segment-files">
            {segmentFiles.length === 1 ? 'The file: ' : `The ${segmentFiles.length} files: `}
            {segmentFiles.slice(0, 3).join(', ')}
            {segmentFiles.length > 3 ? ` and ${segmentFiles.length - 3} more` : ''}.
          </span>
        )}
      </label>
      {encode}
      {problem && <p className="small muted">{problem}</p>}
      <div className="row-wrap">
        {/* Busy is aria-disabled, not disabled: E moves the focus here, and a disabled button would drop it to the page (onExport ignores a second press). */}
        <button
          ref={exportButton}
          type="button"
          className="btn btn-primary"
          disabled={!!problem}
          aria-disabled={run.isSubmitting || undefined}
          onClick={onExport}
          aria-keyshortcuts="E"
        >
          {`Export ${partCount} ${partCount === 1 ? 'part' : 'parts'}`}
        </button>
        {run.commandId && (
          <a className="btn btn-small" href={hrefOf({ name: 'jobs', id: run.commandId })}>
            Open the job
          </a>
        )}
      </div>
      {run.error && (
        <p role="alert" className="field-error">
          {run.error}
        </p>
      )}
      {run.commandId && (
        <RunState
          status={status}
          percent={run.percent}
          stage={run.stage}
          record={run.record}
          isEarlierCut={isEarlierCut === true}
          soundOnly={soundOnly}
          isSaved={isSaved}
        />
      )}
    </section>
  );
}

function RunState({
  status,
  percent,
  stage,
  record,
  isEarlierCut,
  soundOnly,
  isSaved,
}: {
  status?: string;
  percent: number | null;
  stage?: string;
  record?: EditRun['record'];
  isEarlierCut: boolean;
  /** A sound's exact cut is a re-encode by its nature, not a fallback to say. */
  soundOnly: boolean;
  isSaved: boolean;
}) {
  // The end comes into sight: at 800 px the line under the Export button was below the window.
  const end = useRef<HTMLParagraphElement>(null);
  const isFinal = status === 'SUCCESS' || status === 'FAILED';
  useEffect(() => {
    if (isFinal) end.current?.scrollIntoView({ block: 'nearest' });
  }, [isFinal]);
  if (status === 'SUCCESS') {
    const used = record?.edit;
    return (
      <p ref={end} className="small" role="status">
        {isEarlierCut && <strong data-testid="earlier-cut">Of the cut before your last changes (E exports them). </strong>}
        Done
        {used && used.mode_used !== used.mode && !soundOnly
          ? ` — cut as ${MODES.find((m) => m.mode === used.mode_used)?.label.toLowerCase() ?? used.mode_used}: ${used.fallback_reason ?? ''}`
          : ''}
        .{used?.notes?.map((note) => ` ${note}.`).join('')} {isSaved ? 'Saved to the folder below; S saves it again.' : 'Press S to save it to a folder.'}
      </p>
    );
  }
  if (status === 'FAILED')
    return (
      <p ref={end} role="alert" className="field-error">
        The cut failed: {record?.error_message ?? record?.error_status ?? 'see the job'}
      </p>
    );
  return (
    <div className="stack" role="status">
      <span className="small">{status !== 'PROCESSING' ? 'Queued…' : stage === 'remux' ? 'Reading the MPEG-TS file so it cuts exactly…' : 'Cutting…'}</span>
      <ProgressBar percent={status === 'PROCESSING' ? percent : null} label="Export progress" />
    </div>
  );
}
