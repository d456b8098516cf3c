/**
 * Every key of the clip view, once: the handler reads it and the `?` overlay lists it, so
 * the two cannot disagree. Editors' conventions (docs/cutting.md): I/O, J/K/L, Space,
 * ←/→ frame, Shift+←/→ keyframe.
 */
export type ClipAction =
  | 'playPause'
  | 'playCut'
  | 'reverse'
  | 'pause'
  | 'forward'
  | 'nextAudioTrack'
  | 'nextSubtitles'
  | 'heardTrackOnly'
  | 'toggleMix'
  | 'openFile'
  | 'frameBack'
  | 'frameForward'
  | 'keyframeBack'
  | 'keyframeForward'
  | 'secondBack'
  | 'secondForward'
  | 'goTo'
  | 'toStart'
  | 'toEnd'
  | 'setIn'
  | 'setOut'
  | 'goIn'
  | 'goOut'
  | 'newSegment'
  | 'splitSegment'
  | 'selectPrevious'
  | 'selectNext'
  | 'moveUp'
  | 'moveDown'
  | 'deleteSegment'
  | 'undo'
  | 'redo'
  | 'renameSegment'
  | 'toggleKeepRemove'
  | 'findSilences'
  | 'cycleMode'
  | 'toggleJoin'
  | 'toggleSplit'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomFit'
  | 'export'
  | 'saveTo'
  | 'captureFrame'
  | 'cycleSize'
  | 'cycleQuality'
  | 'help';

interface KeyBinding {
  action: ClipAction;
  /** As shown in the overlay. */
  label: string;
  does: string;
  /** What it does on a file without video, where it differs (timecode.ts, SOUND_STEPS). */
  soundDoes?: string;
  group: 'Play' | 'Move' | 'Segments' | 'Timeline' | 'Export';
  match(e: KeyInput): boolean;
}

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

const plain = (key: string) => (e: KeyInput) => !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.key.toLowerCase() === key;
const shifted = (key: string) => (e: KeyInput) => !e.altKey && !e.ctrlKey && !e.metaKey && e.shiftKey && e.key.toLowerCase() === key.toLowerCase();
const alt = (key: string) => (e: KeyInput) => e.altKey && !e.ctrlKey && !e.metaKey && e.key === key;
/** Ctrl (⌘ on a Mac) with a letter, Shift as asked. */
const command =
  (key: string, shift = false) =>
  (e: KeyInput) =>
    (e.ctrlKey || e.metaKey) && !e.altKey && e.shiftKey === shift && e.key.toLowerCase() === key;
/** Keys whose character already needs Shift on some layouts (?, +). */
const char =
  (...keys: string[]) =>
  (e: KeyInput) =>
    !e.altKey && !e.ctrlKey && !e.metaKey && keys.includes(e.key);

export const KEYMAP: readonly KeyBinding[] = [
  // Matched here for the overlay; the key itself reaches the view through lib/use-open-key.ts (ClipView).
  { action: 'openFile', label: 'Ctrl+O', does: 'Open another file from the disk', group: 'Play', match: command('o') },
  { action: 'playPause', label: 'Space', does: 'Play / pause', group: 'Play', match: plain(' ') },
  { action: 'playCut', label: 'Shift+Space', does: 'Play only what Export writes', group: 'Play', match: shifted(' ') },
  { action: 'reverse', label: 'J', does: 'Play backwards; again: faster', group: 'Play', match: plain('j') },
  { action: 'pause', label: 'K', does: 'Pause', group: 'Play', match: plain('k') },
  { action: 'forward', label: 'L', does: 'Play forwards; again: twice as fast', group: 'Play', match: plain('l') },
  { action: 'nextAudioTrack', label: 'A', does: 'Listen to the next audio track', group: 'Play', match: plain('a') },
  { action: 'nextSubtitles', label: 'U', does: 'Next subtitle track over the picture, then none', group: 'Play', match: plain('u') },
  { action: 'frameBack', label: '←', does: 'One frame back', soundDoes: '10 ms back', group: 'Move', match: plain('arrowleft') },
  { action: 'frameForward', label: '→', does: 'One frame forward', soundDoes: '10 ms forward', group: 'Move', match: plain('arrowright') },
  { action: 'keyframeBack', label: 'Shift+←', does: 'Previous keyframe', soundDoes: '100 ms back', group: 'Move', match: shifted('ArrowLeft') },
  { action: 'keyframeForward', label: 'Shift+→', does: 'Next keyframe', soundDoes: '100 ms forward', group: 'Move', match: shifted('ArrowRight') },
  { action: 'secondBack', label: 'Ctrl+←', does: 'One second back', group: 'Move', match: command('arrowleft') },
  { action: 'secondForward', label: 'Ctrl+→', does: 'One second forward', group: 'Move', match: command('arrowright') },
  {
    action: 'goTo',
    label: 'Ctrl+G',
    does: 'Go to a typed time or timecode',
    soundDoes: 'Go to a typed time (1:02.250)',
    group: 'Move',
    match: command('g'),
  },
  { action: 'toStart', label: 'Home', does: 'First frame', soundDoes: 'Start', group: 'Move', match: plain('home') },
  { action: 'toEnd', label: 'End', does: 'Last frame', soundDoes: 'End', group: 'Move', match: plain('end') },
  {
    action: 'setIn',
    label: 'I',
    does: 'In point (past the out point: a new segment)',
    group: 'Segments',
    match: plain('i'),
  },
  { action: 'setOut', label: 'O', does: 'Out point of the current segment', group: 'Segments', match: plain('o') },
  { action: 'goIn', label: 'Shift+I', does: 'Go to the in point', group: 'Segments', match: shifted('i') },
  { action: 'goOut', label: 'Shift+O', does: 'Go to the out point', group: 'Segments', match: shifted('o') },
  { action: 'newSegment', label: 'N', does: 'New segment starting here', group: 'Segments', match: plain('n') },
  { action: 'splitSegment', label: 'B', does: 'Split the segment at the playhead', group: 'Segments', match: plain('b') },
  { action: 'selectPrevious', label: '↑', does: 'Previous segment', group: 'Segments', match: plain('arrowup') },
  { action: 'selectNext', label: '↓', does: 'Next segment', group: 'Segments', match: plain('arrowdown') },
  { action: 'moveUp', label: 'Alt+↑', does: 'Move the segment up', group: 'Segments', match: alt('ArrowUp') },
  { action: 'moveDown', label: 'Alt+↓', does: 'Move the segment down', group: 'Segments', match: alt('ArrowDown') },
  { action: 'deleteSegment', label: 'Delete', does: 'Delete the segment', group: 'Segments', match: (e) => plain('delete')(e) || plain('backspace')(e) },
  { action: 'renameSegment', label: 'F2', does: 'Rename the segment', group: 'Segments', match: plain('f2') },
  { action: 'undo', label: 'Ctrl+Z', does: 'Undo the last change to the segments', group: 'Segments', match: command('z') },
  {
    action: 'redo',
    label: 'Ctrl+Shift+Z / Ctrl+Y',
    does: 'Redo it',
    group: 'Segments',
    match: (e) => command('z', true)(e) || command('y')(e),
  },
  { action: 'toggleKeepRemove', label: 'X', does: 'Keep selected ⇄ remove selected', group: 'Segments', match: plain('x') },
  { action: 'findSilences', label: 'D', does: 'Find silences to remove', group: 'Segments', match: plain('d') },
  { action: 'zoomIn', label: '+ / Ctrl+wheel', does: 'Zoom the timeline in', group: 'Timeline', match: char('+', '=') },
  { action: 'zoomOut', label: '− / Ctrl+wheel', does: 'Zoom the timeline out', group: 'Timeline', match: char('-', '_') },
  { action: 'zoomFit', label: '0', does: 'Fit the timeline', group: 'Timeline', match: plain('0') },
  { action: 'cycleMode', label: 'M', does: 'Mode: smart → lossless → re-encode', soundDoes: 'Mode: exact ⇄ lossless', group: 'Export', match: plain('m') },
  { action: 'toggleJoin', label: 'G', does: 'One joined file ⇄ a file per segment', group: 'Export', match: plain('g') },
  { action: 'toggleMix', label: 'Shift+T', does: 'Mix the tracks kept ⇄ keep them apart', group: 'Export', match: shifted('t') },
  { action: 'heardTrackOnly', label: 'T', does: 'Only the track heard ⇄ every track', group: 'Export', match: plain('t') },
  { action: 'cycleSize', label: 'R', does: 'Size: the source’s, then smaller', group: 'Export', match: plain('r') },
  { action: 'cycleQuality', label: 'Q', does: 'Quality: high → standard → small', group: 'Export', match: plain('q') },
  { action: 'toggleSplit', label: 'P', does: 'Split a re-encode on the cores', group: 'Export', match: plain('p') },
  { action: 'export', label: 'E', does: 'Export (cut)', group: 'Export', match: plain('e') },
  { action: 'saveTo', label: 'S', does: 'Save the result to a folder', group: 'Export', match: plain('s') },
  { action: 'captureFrame', label: 'C', does: 'Capture this frame as a PNG', soundDoes: 'Capture a frame (of a video)', group: 'Export', match: plain('c') },
  { action: 'help', label: '?', does: 'Show / hide these keys', group: 'Export', match: char('?') },
];

/** What an action does, in the words of a file with or without video. */
export function doesOf(action: ClipAction, sound = false): string {
  const b = KEYMAP.find((k) => k.action === action);
  return (sound && b?.soundDoes) || b?.does || '';
}

export function actionOf(e: KeyInput): ClipAction | null {
  return KEYMAP.find((b) => b.match(e))?.action ?? null;
}
