import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import { sampleExactCodecOf } from '../../../../src-service/contract/edits.schema';
import { useApi } from '../../lib/api';
import { cutHandOff } from '../../lib/cut-handoff';
import { useHandedOff } from '../../lib/hand-off';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ClipPlayer } from './ClipPlayer';
import { createClipApi } from './clip-api';
import { ExportPanel, modeOf, modesFor, type ExportOptions } from './ExportPanel';
import { KeysOverlay } from './KeysOverlay';
import { SilenceFinder } from './SilenceFinder';
import { SaveToPanel } from './SaveToPanel';
import { SegmentList } from './SegmentList';
import {
  complementSegments,
  emptyHistory,
  emptySegments,
  historyReducer,
  keptSegments,
  problemOf,
  requestSegments,
  segmentsFrom,
  type SegmentHistory,
} from './segments';
import { loadSegments, saveSegments } from './segments-store';
import { Timeline } from './Timeline';
import { formatTimecode, fpsOf, frameAt, frameOrigin, framesWord, losslessStart, SOUND_STEPS } from './timecode';
import { clipActions, MAX_ZOOM } from './use-clip-actions';
import { playableUrl, useClipFacts } from './use-clip-facts';
import { useOpenKey } from '../../lib/use-open-key';
import { useClipKeys } from './use-clip-keys';
import { useEditRun } from './use-edit-run';
import { usePlayer } from './use-player';
import { trackLabel, useFollowingSound, useListen, useTrackWaveform, type AudioTrack } from './use-listen';
import { copiedParts, frameNameOf, nameProblem, outputNameOf, segmentNamesOf } from './output-name';
import { CaptureLine } from './CaptureLine';
import { useSplitPlan } from '../../ui/SplitOffer';
import { heardOnly, NO_TRACK_DROPPED, trackFields, trackProblem, type DroppedTracks } from './export-tracks';
import { TrackChoice } from './TrackChoice';
import { useShownSubtitles } from './use-subtitles';
import { loadTrackChoices, saveTrackChoices } from './track-store';
import { sourceFolderOf } from '../../lib/source-folder';
import { useOpenLocal } from './use-open-local';
import { DiskPicker, OpeningStatus } from './DiskOpen';
import { DEFAULT_ENCODE, encodeKeyRefusal, encodeOutputOf, nextQuality, nextShortSide, type EncodeChoices, type PictureSize } from './encode-options';
import { EncodeFields } from './EncodeFields';
import { loadKeptExport, saveKeptExport } from './export-store';

/** A re-encode joined into one file may be split across cores or workers (docs/cutting.md, "Segmented re-encode"). */
const splitOf = (o: ExportOptions) =>
  o.mode === 'reencode' && o.join && o.segmentSeconds !== null ? { segmented: { segment_seconds: o.segmentSeconds } } : {};

const NO_TRACKS: never[] = [];

/** What the export keeps of the sound, said beside the other modes: every track, the ones kept, or none; mixed into one or not. */
function soundKeptLine(audio: readonly AudioTrack[], kept: number[] | undefined, heard: number, mixed: boolean): string {
  const only = kept?.length === 1 && kept[0] === heard ? 'T: every track' : 'T: only the one you hear';
  const t = mixed ? `Shift+T: apart; ${only}` : only;
  const mix = mixed ? ', mixed into one' : '';
  if (!kept) return `Sound: every track${mix} (${t}).`;
  if (kept.length === 0) return `Sound: none (${t}).`;
  const names = kept.map((n) => trackLabel(audio.find((a) => a.audio_track === n)!)).join(', ');
  return `Sound: ${kept.length === 1 ? 'track' : 'tracks'} ${names} only${mix} (${t}).`;
}

/**
 * What a lossless export does to the in points (it copies from the keyframe at or before each),
 * said before exporting, as editors otherwise find out from the output: null when every part
 * starts on a keyframe.
 */
function losslessNote(parts: readonly { start: number }[], keyframes: readonly number[], fps: number): string | null {
  const early = parts.map((p) => losslessStart(keyframes, p.start, fps));
  const starts = early.filter((e) => e !== null);
  if (starts.length === 0) return null;
  if (parts.length === 1)
    return `Lossless starts the cut ${framesWord(starts[0]!.frames)} early, at the keyframe ${formatTimecode(starts[0]!.keyframe, fps)} (smart is exact).`;
  const most = Math.max(...starts.map((e) => e.frames));
  return `Lossless starts ${starts.length} of ${parts.length} parts early, at the keyframe before each in point (up to ${framesWord(most)}; smart is exact).`;
}

/** What E says over a cut exported already, unchanged since (docs/gui.md, "The export is kept"). */
const SAME_CUT = 'This cut is exported already: S saves it. E again exports it once more, as another file.';

/** The picture as players show it (a portrait phone video: 1080 × 1920), with its codec; null while unknown. */
function pictureOf(file: StoredFile | undefined): (PictureSize & { codec?: string | undefined }) | null {
  const width = file?.display_width ?? file?.width;
  const height = file?.display_height ?? file?.height;
  return width && height ? { width, height, codec: file?.codec } : null;
}

/** The clip view of one stored file: play, mark segments, cut through POST /v1/edits, save. */
export function ClipView({ fileId }: { fileId: string }) {
  const { client } = useApi();
  const api = useMemo(() => createClipApi(client), [client]);
  const facts = useClipFacts(api, fileId);
  const soundOnly = facts.keyframes?.has_video === false;
  // A sound's grid is the millisecond (timecode.ts, SOUND_STEPS).
  const fps = soundOnly ? SOUND_STEPS : fpsOf(facts.keyframes?.frame_rate ?? facts.file?.frame_rate);
  const duration = facts.keyframes?.duration || facts.file?.duration || 0;
  const keyframes = facts.keyframes?.keyframes ?? [];
  const [sourceFolder] = useState(() => sourceFolderOf(fileId));
  const audioTracks = facts.keyframes?.audio_tracks ?? NO_TRACKS;
  const subtitleTracks = facts.keyframes?.subtitle_tracks ?? NO_TRACKS;
  const player = usePlayer(fps, duration, frameOrigin(keyframes, fps));
  const source = playableUrl(facts);
  // The tracks chosen on this file before (a reload, another visit): track-store.ts.
  const [kept] = useState(() => loadTrackChoices(fileId));
  const listening = useListen(api, fileId, audioTracks, source.hasSound !== false, kept?.heard);
  const soundRef = useRef<HTMLAudioElement>(null);
  const subtitlesShown = useShownSubtitles(api, fileId, subtitleTracks, kept?.shownSubtitles ?? null);
  const waveform = useTrackWaveform(api, fileId, listening.track, facts.timeline?.waveform);
  // A cut job's marks ("Cut again" on its page): they replace what this file showed, which Ctrl+Z brings back.
  const handed = useHandedOff(cutHandOff);
  const again = handed?.fileId === fileId ? handed : null;
  // The segments marked on this file before (a reload, a crash), kept in localStorage (segments-store.ts).
  const [history, dispatch] = useReducer(historyReducer, fileId, (id): SegmentHistory => {
    const before = loadSegments(id) ?? emptySegments;
    if (!again) return { ...emptyHistory, present: before };
    return { past: before.segments.length > 0 ? [before] : [], present: segmentsFrom(again.segments), future: [] };
  });
  const seg = history.present;
  const [opened] = useState(() => history.present);
  const restored = again ? 0 : opened.segments.length;
  useEffect(() => saveSegments(fileId, seg), [fileId, seg]);
  const [zoom, setZoom] = useState(1);
  // An edge being dragged on the timeline: the segment list shows its time as it moves.
  const [dragged, setDragged] = useState<{ index: number; start: number; end: number | null } | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const [isGoToOpen, setGoToOpen] = useState(false);
  const [isSilenceOpen, setSilenceOpen] = useState(false);
  // Ctrl+O over an open clip, as on the chooser: another file of the disk, opened in place.
  const opening = useOpenLocal();
  const [isDiskOpen, setDiskOpen] = useState(false);
  const [isPickerOpen, setPickerOpen] = useState(false);
  // The export saved into a folder (Save to): the Done line says so instead of "Press S".
  const [savedId, setSavedId] = useState<string | null>(null);
  // The export panel as it was left on this file (export-store.ts); "Cut again" brings its job's choices instead.
  const [keptExport] = useState(() => (again ? null : loadKeptExport(fileId)));
  const [options, setOptions] = useState<ExportOptions>({
    mode: again?.mode ?? keptExport?.mode ?? 'smart',
    join: again?.join ?? keptExport?.join ?? true,
    filename: keptExport?.filename ?? '',
    segmentSeconds: keptExport?.segmentSeconds ?? null,
  });
  const [encode, setEncode] = useState<EncodeChoices>(keptExport?.encode ?? DEFAULT_ENCODE);
  const { run, submit } = useEditRun(api, keptExport?.last?.commandId);
  const capture = useEditRun(api);
  const [capturedAt, setCapturedAt] = useState<number | null>(null);
  const [dropped, setDropped] = useState<DroppedTracks>(kept?.dropped ?? NO_TRACK_DROPPED);
  const [mix, setMix] = useState(kept?.mix ?? false);
  const tracksKnown = facts.keyframes !== undefined;
  useEffect(() => {
    if (tracksKnown) saveTrackChoices(fileId, { heard: listening.track, dropped, mix, shownSubtitles: subtitlesShown.shown });
  }, [fileId, tracksKnown, listening.track, dropped, mix, subtitlesShown.shown]);
  const tracks = trackFields(audioTracks, subtitleTracks, dropped, mix);
  const exportButton = useRef<HTMLButtonElement>(null);
  // Opened from a picker, a link that is gone now or the sidebar, the focus would be on the page or
  // the sidebar and Tab start again from there: the view takes it, so Tab goes on into the player
  // (docs/gui.md, "The clip view").
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => view.current?.focus({ preventScroll: true }), []);

  const keep = !seg.removing;
  const parts = keep ? keptSegments(seg.segments, duration) : complementSegments(seg.segments, duration);
  // A joined re-encode may be split across the cores (P, or the offer's checkbox); nothing else is offered one.
  // A sound has two modes (ExportPanel.tsx, modesFor): its re-encode is its exact cut.
  const mode = modeOf(options.mode, soundOnly);
  const splitPlan = useSplitPlan(mode === 'reencode' && options.join ? parts.reduce((n, p) => n + p.end - p.start, 0) : undefined, true);
  // Named by what the files hold: a lossless part from the keyframe its copy starts at.
  const isLossless = mode === 'lossless' && !soundOnly;
  const namedParts = isLossless ? copiedParts(parts, keyframes, fps) : parts;
  const filename =
    options.filename || outputNameOf(facts.file?.filename, namedParts, fps, options.join, soundOnly, keep ? [] : keptSegments(seg.segments, duration));
  // The job's file name comes back only where it was not the one the view gives these segments (a name typed),
  // so a name made from the times still follows a changed in or out point. Known once the frame rate is.
  const againName = useRef(again?.filename);
  useEffect(() => {
    const name = againName.current;
    if (name === undefined || !facts.file || !facts.keyframes) return;
    againName.current = undefined;
    const given = keptSegments(opened.segments, duration);
    const named = again?.mode === 'lossless' && facts.keyframes.has_video ? copiedParts(given, facts.keyframes.keyframes, fps) : given;
    if (name !== outputNameOf(facts.file.filename, named, fps, again?.join, soundOnly)) setOptions((o) => ({ ...o, filename: name }));
  }, [facts.file, facts.keyframes, opened, duration, fps, again?.join, soundOnly]);
  // One file per segment: each named by what it holds (docs/gui.md, "Cut"), from the name field.
  const segmentFiles = options.join ? null : segmentNamesOf(filename, namedParts, fps, soundOnly);
  const keptSound = tracks.audio_tracks?.length ?? audioTracks.length;
  const picture = pictureOf(facts.file);
  const problem = !facts.file
    ? 'Loading the file…'
    : (problemOf(parts) ?? nameProblem(filename) ?? trackProblem(filename, audioTracks.length, keptSound, tracks.mix_audio));
  const request = {
    input: fileId,
    segments: requestSegments(parts).map((s, i) => (segmentFiles ? { ...s, filename: segmentFiles[i] } : s)),
    mode,
    join: options.join,
    // A file without a picture has no size or quality to choose (its fields are not shown).
    output: { filename, ...(soundOnly ? {} : encodeOutputOf(encode, mode, filename, picture)) },
    ...tracks,
    ...splitOf(options),
  };
  // What was exported last: once the segments or the options change, "Done" is of an earlier cut, and says so.
  const requestKey = JSON.stringify(request);
  const [exported, setExported] = useState<string | null>(keptExport?.last?.requestKey ?? null);
  const lastExport = run.commandId && exported ? { commandId: run.commandId, requestKey: exported } : null;
  useEffect(() => saveKeptExport(fileId, { ...options, encode, last: lastExport }), [fileId, options, encode, lastExport?.commandId, lastExport?.requestKey]);
  // Why the last key did nothing (O before the in point, E with nothing to cut, S before an export), said
  // under the timeline until the next move or change: the export panel's own line is below the fold at 800 px.
  const [refusal, setRefusal] = useState<string | null>(null);
  // A move to another frame ends it; the video's own report of a seek landing on the same frame does not.
  const frameShown = frameAt(player.time, fps);
  useEffect(() => setRefusal(null), [seg, options, frameShown]);
  const isDone = run.record?.status === 'SUCCESS';
  const exportedNow = run.commandId !== undefined && run.commandId !== keptExport?.last?.commandId;
  const exportNow = () => {
    if (problem) setRefusal(problem);
    if (problem || run.isSubmitting) return;
    exportButton.current?.focus();
    // The same cut once more: said first (a second file, a second job), done on a second E.
    const isSame = exported === requestKey && run.commandId !== undefined && run.record?.status !== 'FAILED';
    if (isSame && refusal !== SAME_CUT) {
      setRefusal(isDone ? SAME_CUT : 'This cut is being exported now: its line is in the Export panel.');
      return;
    }
    setExported(requestKey);
    // A refusal said before (S: "Nothing exported yet…") is no longer true: it stood above the export's "Done".
    setRefusal(null);
    void submit(request);
  };
  // Shift+Space (and "Play the cut"): what Export writes now, its parts in order, or why nothing would play.
  const playCut = () => {
    if (parts.length > 0) player.transport.playCut(parts);
    else
      setRefusal(
        keep
          ? 'Shift+Space plays the cut, and nothing is marked yet: I sets an in point, O an out point.'
          : 'Shift+Space plays the cut, and the segments removed cover the whole file.',
      );
  };
  const earlyNote = isLossless ? losslessNote(parts, keyframes, fps) : null;

  const actions = clipActions({
    player,
    fps,
    soundOnly,
    duration,
    keyframes,
    seg,
    dispatch,
    setZoom,
    toggleKeep: () => dispatch({ type: 'keep', keep: !keep }),
    cycleMode: () =>
      setOptions((o) => {
        const modes = modesFor(soundOnly);
        return { ...o, mode: modes[(modes.findIndex((m) => m.mode === modeOf(o.mode, soundOnly)) + 1) % modes.length]!.mode };
      }),
    toggleJoin: () => setOptions((o) => ({ ...o, join: !o.join })),
    cycleSize: () => {
      const why = encodeKeyRefusal('R', mode, filename, soundOnly);
      if (why) setRefusal(why);
      else setEncode((e) => ({ ...e, shortSide: nextShortSide(e, filename, picture) }));
    },
    cycleQuality: () => {
      const why = encodeKeyRefusal('Q', mode, filename, soundOnly);
      if (why) setRefusal(why);
      else setEncode((e) => ({ ...e, quality: nextQuality(e.quality) }));
    },
    toggleSplit: () => splitPlan && setOptions((o) => ({ ...o, segmentSeconds: o.segmentSeconds === null ? splitPlan.seconds : null })),
    nextAudioTrack: listening.next,
    nextSubtitles: subtitlesShown.next,
    heardTrackOnly: () => audioTracks.length > 1 && setDropped((d) => heardOnly(audioTracks, d, listening.track)),
    toggleMix: () => audioTracks.length > 1 && setMix((m) => !m),
    startRename: setRenaming,
    exportNow,
    openSaveTo: () => {
      if (isDone && run.commandId) setPickerOpen(true);
      else setRefusal(run.commandId ? 'S saves the export once it is done.' : 'Nothing exported yet: E exports, then S saves the result to a folder.');
    },
    refuse: setRefusal,
    // C: the frame under the playhead as a PNG, a one-frame edit (docs/cutting.md, "Output formats").
    captureFrame: (t) => {
      if (!facts.file || soundOnly || t >= duration) return;
      setCapturedAt(t);
      void capture.submit({
        input: fileId,
        segments: [{ start: t, end: Math.min(duration, t + 1 / fps) }],
        mode: 'reencode',
        output: { filename: frameNameOf(facts.file.filename, t, fps) },
      });
    },
    toggleHelp: () => setHelpOpen((v) => !v),
    goTo: () => setGoToOpen(true),
    openFile: () => setDiskOpen(true),
    findSilences: () => (audioTracks.length > 0 ? setSilenceOpen(true) : setRefusal('D finds the silences of the sound, and this file has no sound track.')),
    playCut,
  });
  useClipKeys(actions);
  // Ctrl+O is the app's (lib/use-open-key.ts): the key map's openFile is listed by `?`, and its action comes
  // through the app's one listener, not the view's keys, so one pressed as the view opens is kept.
  useOpenKey(actions.openFile);
  // Found silences become the segments (one step back with Ctrl+Z), and the export removes them.
  const markSilences = (found: { start: number; end: number }[]) => {
    dispatch({ type: 'replace', state: { ...segmentsFrom(found), removing: true } });
    setSilenceOpen(false);
  };
  const heardTrack = audioTracks.find((a) => a.audio_track === listening.track);

  useFollowingSound(player.videoRef, soundRef, listening, source.url);
  const label = facts.file?.filename ?? fileId;
  // A file ffprobe cannot read (damaged, not media): no player that says "Loading…" for ever under an error
  // scrolled out of sight, but what went wrong and the way on (docs/gui.md, "The clip view").
  if (facts.unreadable)
    return (
      <div ref={view} tabIndex={-1} role="region" aria-label={`Clip: ${label}`} className="clip-view stack">
        <ErrorNotice title="FFDesk cannot cut this file" error={facts.unreadable} />
        <p className="small muted">Press Ctrl+O to open another file.</p>
        <OpeningStatus state={opening.state} />
        {isDiskOpen && <DiskPicker openPath={opening.openPath} onClose={() => setDiskOpen(false)} />}
      </div>
    );
  return (
    // A sound-only file (a podcast, an interview) has no picture: the waveform takes the player's place.
    <div ref={view} tabIndex={-1} role="region" aria-label={`Clip: ${label}`} className="clip-view stack" data-sound-only={soundOnly || undefined}>
      {facts.error && <ErrorNotice error={facts.error} />}
      <OpeningStatus state={opening.state} />
      <div className="clip-top">
        <ClipPlayer
          videoRef={player.videoRef}
          soundRef={soundRef}
          listening={listening}
          subtitles={subtitlesShown}
          url={source.url}
          isProxy={source.isProxy}
          isQuick={source.isQuick}
          note={source.note}
          making={source.making}
          label={label}
          time={player.time}
          duration={duration}
          fps={fps}
          soundOnly={soundOnly}
          shuttle={player.shuttle}
          onToggle={player.transport.togglePlay}
          onAction={(a) => actions[a]()}
          onResume={player.transport.resume}
          goTo={{
            isOpen: isGoToOpen,
            open: () => setGoToOpen(true),
            // Enter or Escape: back to the view, where every key works; a click elsewhere keeps its focus.
            close: (back) => {
              setGoToOpen(false);
              if (back) view.current?.focus({ preventScroll: true });
            },
            go: player.transport.seek,
          }}
        />
        <section className="card stack clip-side" aria-labelledby="clip-segments-title">
          <h2 id="clip-segments-title" className="card-title">
            Segments
          </h2>
          {/* Said until the segments change or are exported: then they are this session's work (an export kept from before is not). */}
          {again && seg === opened && !exportedNow && (
            <p className="small muted" role="status" data-testid="segments-restored">
              {/* Short: at 800 px the job's long name took the card's room from the segments. */}
              The job’s {again.segments.length === 1 ? 'segment' : `${again.segments.length} segments`}, cut{' '}
              {modesFor(soundOnly)
                .find((m) => m.mode === modeOf(again.mode, soundOnly))
                ?.label.toLowerCase()}
              , {again.join ? 'joined' : 'one file each'}.{history.past.length > 0 && ' Ctrl+Z: your marks before.'}
            </p>
          )}
          {restored > 0 && history.past.length === 0 && !exportedNow && (
            <p className="small muted" role="status" data-testid="segments-restored">
              {restored === 1 ? 'The segment' : `The ${restored} segments`} you marked on this file before.
            </p>
          )}
          <SegmentList
            segments={dragged ? seg.segments.map((s, i) => (i === dragged.index ? { ...s, start: dragged.start, end: dragged.end } : s)) : seg.segments}
            current={seg.current}
            fps={fps}
            soundOnly={soundOnly}
            duration={duration}
            renaming={renaming}
            losslessKeyframes={isLossless && keep ? keyframes : null}
            dispatch={dispatch}
            onRenameDone={() => setRenaming(null)}
            onSeek={player.transport.seek}
          />
          <div className="row">
            <Button size="small" variant="ghost" aria-keyshortcuts="Shift+Space" title="Play only what Export writes, in order (Shift+Space)" onClick={playCut}>
              Play the cut
            </Button>
            {audioTracks.length > 0 && (
              <Button size="small" variant="ghost" aria-keyshortcuts="D" title="Find silences (D)" onClick={() => setSilenceOpen(true)}>
                Find silences…
              </Button>
            )}
          </div>
        </section>
        <Timeline
          duration={duration}
          fps={fps}
          soundOnly={soundOnly}
          time={player.time}
          zoom={zoom}
          keyframes={keyframes}
          timeline={facts.timeline && waveform !== undefined ? { ...facts.timeline, waveform } : facts.timeline}
          segments={seg.segments}
          removing={!keep}
          current={seg.current}
          onSeek={player.transport.seek}
          onZoom={(by) => setZoom((z) => (by > 0 ? Math.min(MAX_ZOOM, z * 2) : Math.max(1, z / 2)))}
          onSelect={(index) => dispatch({ type: 'select', index })}
          onTrim={(index, start, end) => dispatch({ type: 'trim', index, start, end })}
          onDragging={setDragged}
        />
        <p className="small muted clip-hint">
          <span className="clip-refusal" role="status" data-testid="key-refused">
            {refusal}
          </span>
          {refusal && ' '}
          {player.cutPlaying && (
            <>
              <span className="clip-cut-playing" data-testid="cut-playing">
                Playing the cut: part {player.cutPlaying.part} of {player.cutPlaying.of} (K stops).
              </span>{' '}
            </>
          )}
          Press <kbd>?</kbd> for every key. I / O mark in and out; I past an out point, or N, starts another segment.{' '}
          {/* X switches below the fold at 800 px: said here, where the eyes are, and read out. */}
          <span className="clip-keep-mode" data-removing={!keep} aria-live="polite" data-testid="keep-mode">
            {keep ? 'Export keeps the segments.' : 'Export removes the segments and keeps the rest.'}
          </span>{' '}
          {/* M switches the mode, also below the fold at 800 px: said here too. */}
          <span aria-live="polite" data-testid="cut-mode">
            Cut:{' '}
            {modesFor(soundOnly)
              .find((m) => m.mode === mode)
              ?.label.toLowerCase()}{' '}
            (M switches).
          </span>{' '}
          {earlyNote && (
            <>
              <span aria-live="polite" data-testid="lossless-early">
                {earlyNote}
              </span>{' '}
            </>
          )}
          {/* A varying frame rate: the steps are of the average rate, and some show one picture twice (docs/gui.md). */}
          {facts.file?.is_varying_frame_rate && !soundOnly && (
            <>
              <span data-testid="varying-rate">
                This clip's frame rate varies: ← and → step 1/{Math.round(fps * 100) / 100} s, so where its frames are further apart a step can show the same
                picture. Smart and re-encode still cut exactly the frames between in and out.
              </span>{' '}
            </>
          )}
          {/* G as well: one joined file or one file per segment. */}
          <span aria-live="polite" data-testid="join-mode">
            {options.join ? 'Into one joined file' : 'Into one file per segment'} (G switches).
          </span>
          {/* T too, where there are sound tracks to choose from. */}
          {audioTracks.length > 1 && (
            <>
              {' '}
              <span aria-live="polite" data-testid="sound-kept">
                {soundKeptLine(audioTracks, tracks.audio_tracks, listening.track, tracks.mix_audio === true)}
              </span>
            </>
          )}
        </p>
        {capturedAt !== null && <CaptureLine api={api} run={capture.run} at={formatTimecode(capturedAt, fps)} sourceFolder={sourceFolder} />}
      </div>
      <div className="clip-bottom">
        <ExportPanel
          options={{ ...options, filename }}
          setOptions={setOptions}
          keep={keep}
          setKeep={(k) => dispatch({ type: 'keep', keep: k })}
          problem={problem}
          partCount={parts.length}
          split={splitPlan}
          run={run}
          isEarlierCut={exported !== null && exported !== requestKey}
          exportButton={exportButton}
          onExport={exportNow}
          segmentFiles={segmentFiles}
          soundOnly={soundOnly}
          isSaved={savedId !== null && savedId === run.commandId}
          soundWithoutLoss={sampleExactCodecOf(audioTracks.map((t) => t.codec)) !== undefined}
          smartRefusal={facts.keyframes?.smart_cut_refusal}
          encode={
            !soundOnly && (
              <EncodeFields
                choices={encode}
                choose={(patch) => setEncode((e) => ({ ...e, ...patch }))}
                mode={mode}
                filename={filename}
                source={picture}
                fps={fps}
              />
            )
          }
          tracks={
            audioTracks.length > 1 || subtitleTracks.length > 0 || (audioTracks.length === 1 && facts.keyframes?.has_video) ? (
              <TrackChoice
                audio={audioTracks}
                subtitles={subtitleTracks}
                dropped={dropped}
                setDropped={setDropped}
                mix={mix}
                setMix={setMix}
                keptSound={keptSound}
                isSplit={splitOf(options).segmented !== undefined}
              />
            ) : undefined
          }
        />
        {isDone && run.commandId && (
          // One panel per export: the files saved of an earlier cut are not this one's.
          <SaveToPanel
            key={run.commandId}
            api={api}
            commandId={run.commandId}
            isPickerOpen={isPickerOpen}
            setPickerOpen={setPickerOpen}
            sourceFolder={sourceFolder}
            onSaved={() => setSavedId(run.commandId ?? null)}
          />
        )}
      </div>
      {isHelpOpen && <KeysOverlay soundOnly={soundOnly} onClose={() => setHelpOpen(false)} />}
      {isSilenceOpen && (
        <SilenceFinder
          api={api}
          fileId={fileId}
          track={listening.track}
          trackName={audioTracks.length > 1 && heardTrack ? `track ${trackLabel(heardTrack)}` : null}
          duration={duration}
          fps={fps}
          onMark={markSilences}
          onClose={() => setSilenceOpen(false)}
        />
      )}
      {isDiskOpen && <DiskPicker openPath={opening.openPath} onClose={() => setDiskOpen(false)} />}
    </div>
  );
}
