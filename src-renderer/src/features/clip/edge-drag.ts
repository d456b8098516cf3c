import type { Segment } from './segments';
import { timeOfFrame } from './timecode';

export type Edge = 'start' | 'end';

/**
 * A segment's edge being dragged on the timeline: which one, where it is now (`t`, a frame
 * boundary), and how far from it the pointer took hold (`grab`), so a press on the grip that does
 * not move leaves the edge where it was, wherever on the 10 px grip it landed.
 */
export interface EdgeDrag {
  index: number;
  edge: Edge;
  t: number;
  grab: number;
}

/** The drag begun by a press at `pointer` on a grip of segment `index`. Pure. */
export function startEdgeDrag(segment: Segment, index: number, edge: Edge, pointer: number, duration: number): EdgeDrag {
  const t = edge === 'start' ? segment.start : (segment.end ?? duration);
  return { index, edge, t, grab: pointer - t };
}

/**
 * The drag with the pointer at `pointer`: the edge on the frame boundary nearest where the grip
 * now is, leaving the segment a frame at least and inside the file. Pure.
 */
export function moveEdge(drag: EdgeDrag, segment: Segment, pointer: number, fps: number, duration: number): EdgeDrag {
  const at = timeOfFrame(Math.round((pointer - drag.grab) * fps), fps);
  const end = segment.end ?? duration;
  const t =
    drag.edge === 'start' ? Math.min(at, timeOfFrame(Math.round(end * fps) - 1, fps)) : Math.max(at, timeOfFrame(Math.round(segment.start * fps) + 1, fps));
  return { ...drag, t: Math.min(duration, t) };
}

/** The frame an edge keeps, for the player to show while it is dragged: the first frame for an in point, the last for an out point. */
export const keptFrameAt = (drag: EdgeDrag, fps: number): number => (drag.edge === 'start' ? drag.t : drag.t - 1 / fps);
