import type { Dispatch } from 'react';
import type { ClipAction } from './keymap';
import { segmentIndexAt, type HistoryAction, type SegmentsState } from './segments';
import { formatTimecode, nextKeyframe, previousKeyframe, timeOfFrame, frameAt, shownOut, SOUND_BIG_STEP, SOUND_STEP } from './timecode';
import type { usePlayer } from './use-player';

export const MAX_ZOOM = 64;

interface Deps {
  player: ReturnType<typeof usePlayer>;
  fps: number;
  /** No video: ← → and Shift+← → move by milliseconds (timecode.ts, SOUND_STEPS). */
  soundOnly: boolean;
  duration: number;
  keyframes: readonly number[];
  seg: SegmentsState;
  dispatch: Dispatch<HistoryAction>;
  setZoom(fn: (z: number) => number): void;
  toggleKeep(): void;
  cycleMode(): void;
  /** R and Q: the next size or quality of an export that encodes the picture (encode-options.ts). */
  cycleSize(): void;
  cycleQuality(): void;
  toggleJoin(): void;
  toggleSplit(): void;
  nextAudioTrack(): void;
  nextSubtitles(): void;
  heardTrackOnly(): void;
  toggleMix(): void;
  startRename(index: number): void;
  exportNow(): void;
  openSaveTo(): void;
  captureFrame(t: number): void;
  toggleHelp(): void;
  /** Opens Find silences (D). */
  findSilences(): void;
  /** Says why a key did nothing, where the eyes are (under the timeline). */
  refuse(why: string): void;
  /** Opens the Go to field (Ctrl+G). */
  goTo(): void;
  /** Opens the disk picker for another file (Ctrl+O). */
  openFile(): void;
  /** Plays what Export would write now, or says why nothing would play (Shift+Space). */
  playCut(): void;
}

/** What each key of the clip view does (the keys themselves are in keymap.ts). */
export function clipActions(d: Deps): Record<ClipAction, () => void> {
  const { player, fps, soundOnly, duration, keyframes, seg, dispatch } = d;
  // The playhead as the video has it now, not as last rendered: keys pressed faster than a render
  // (Shift+→ three times while a proxy seeks) each start where the one before went, as arrows do.
  const { now } = player;
  /** Cut points are frame starts: the frame under the playhead. */
  const here = () => timeOfFrame(frameAt(now(), fps), fps);
  const cur = seg.segments[seg.current];
  const { transport } = player;
  const toKeyframe = (k: number | null) => k !== null && transport.seek(k);
  return {
    playPause: transport.togglePlay,
    playCut: d.playCut,
    reverse: transport.reverse,
    pause: transport.pause,
    forward: transport.forward,
    nextAudioTrack: d.nextAudioTrack,
    nextSubtitles: d.nextSubtitles,
    frameBack: () => transport.stepFrames(soundOnly ? -SOUND_STEP : -1),
    // A second in whole frames, so the playhead stays on the frame grid (25 frames at 25 fps, 30 at 29.97).
    secondBack: () => transport.stepFrames(-Math.round(fps)),
    secondForward: () => transport.stepFrames(Math.round(fps)),
    goTo: d.goTo,
    openFile: d.openFile,
    frameForward: () => transport.stepFrames(soundOnly ? SOUND_STEP : 1),
    keyframeBack: () => (soundOnly ? transport.stepFrames(-SOUND_BIG_STEP) : toKeyframe(previousKeyframe(keyframes, now(), fps))),
    keyframeForward: () => (soundOnly ? transport.stepFrames(SOUND_BIG_STEP) : toKeyframe(nextKeyframe(keyframes, now(), fps))),
    toStart: () => transport.seek(0),
    toEnd: () => transport.seek(duration),
    setIn: () => dispatch({ type: 'in', t: here() }),
    // O marks the last frame kept: the segment ends where the next frame starts. A sound's ends at the playhead (timecode.ts, shownOut).
    setOut: () => {
      const t = Math.min(duration, timeOfFrame(frameAt(now(), fps) + (soundOnly ? 0 : 1), fps));
      // At or before the in point the reducer keeps the segment as it is: said, not silently ignored.
      if (cur && t <= cur.start)
        d.refuse(
          `O marks ${soundOnly ? 'the end of what is kept' : 'the last frame kept'}, after the in point (${formatTimecode(cur.start, fps, soundOnly)}): go past it, or press I to start here.`,
        );
      else dispatch({ type: 'out', t });
    },
    goIn: () => cur && transport.seek(cur.start),
    goOut: () => cur && transport.seek(shownOut(cur.end ?? duration, fps, soundOnly)),
    newSegment: () => dispatch({ type: 'add', t: here() }),
    splitSegment: () => {
      const t = here();
      if (segmentIndexAt(seg, t) < 0) d.refuse('B splits the segment under the playhead: move inside a segment first (not on its first frame).');
      else dispatch({ type: 'split', t });
    },
    selectPrevious: () => dispatch({ type: 'select', index: seg.current - 1 }),
    selectNext: () => dispatch({ type: 'select', index: seg.current + 1 }),
    moveUp: () => dispatch({ type: 'move', by: -1 }),
    moveDown: () => dispatch({ type: 'move', by: 1 }),
    deleteSegment: () => cur && dispatch({ type: 'remove', index: seg.current }),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    renameSegment: () => cur && d.startRename(seg.current),
    toggleKeepRemove: d.toggleKeep,
    findSilences: d.findSilences,
    cycleMode: d.cycleMode,
    cycleSize: d.cycleSize,
    cycleQuality: d.cycleQuality,
    toggleJoin: d.toggleJoin,
    toggleSplit: d.toggleSplit,
    heardTrackOnly: d.heardTrackOnly,
    toggleMix: d.toggleMix,
    zoomIn: () => d.setZoom((z) => Math.min(MAX_ZOOM, z * 2)),
    zoomOut: () => d.setZoom((z) => Math.max(1, z / 2)),
    zoomFit: () => d.setZoom(() => 1),
    export: d.exportNow,
    saveTo: d.openSaveTo,
    captureFrame: () => d.captureFrame(here()),
    help: d.toggleHelp,
  };
}
