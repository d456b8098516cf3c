import { useCallback, useEffect, useRef, useState } from 'react';
import { frameAt, seekTimeOfFrame } from './timecode';

const MAX_RATE = 16;

/** A part of the cut as Shift+Space plays it: from `start` up to `end` (the next frame's start). */
export interface CutPart {
  start: number;
  end: number;
}

/** Where the cut being played is: which part of how many (null when the cut is not playing). */
export interface CutPlaying {
  part: number;
  of: number;
}

/**
 * How early before a part's end the jump to the next part is made: the playhead is read once a
 * screen frame (about 16 ms), so the last kept frame shows at most that much less, and no frame
 * of what the cut leaves out shows at all.
 */
const JUMP_EARLY = 0.008;

/**
 * The player's state and the editor's transport: frame steps, seeks and the J/K/L shuttle.
 * Chromium plays no negative rate, so J runs its own loop that steps the time backwards.
 * `shuttle` is the signed rate: 0 paused, 1 normal, 2/4/8 faster, −1/−2… backwards.
 *
 * `origin`: where the video's frames sit after the frame grid (0 ≤ origin < one frame; frameOrigin
 * in timecode.ts). An MKV or MPEG-TS whose video starts 23 ms after its audio shows frame n from
 * 0.023 + n/fps: the player's times are the screen's grid times plus it, so a seek to frame n
 * shows frame n, not the one before (docs/gui.md, "Frames off the grid").
 */
export function usePlayer(fps: number, duration: number, origin = 0) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [shuttle, setShuttle] = useState(0);
  const reverse = useRef<number | null>(null);
  // Shift+Space: the parts of the cut played in order, skipping what the cut leaves out.
  const cut = useRef<{ parts: readonly CutPart[]; index: number } | null>(null);
  const [cutPlaying, setCutPlaying] = useState<CutPlaying | null>(null);
  const endCut = () => {
    cut.current = null;
    setCutPlaying(null);
  };

  const stopReverse = () => {
    if (reverse.current !== null) cancelAnimationFrame(reverse.current);
    reverse.current = null;
  };

  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    let frame = 0;
    /** Playing the cut: at a part's end, on to the next part's start; after the last, still on its last frame. */
    const followCut = (t: number) => {
      const c = cut.current;
      const part = c?.parts[c.index];
      if (!c || !part || t < part.end - JUMP_EARLY) return;
      const next = c.parts[c.index + 1];
      if (next) {
        c.index++;
        setCutPlaying({ part: c.index + 1, of: c.parts.length });
        v.currentTime = seekTimeOfFrame(frameAt(next.start, fps), fps) + origin;
        return;
      }
      endCut();
      v.pause();
      v.currentTime = seekTimeOfFrame(frameAt(part.end, fps) - 1, fps) + origin;
    };
    const follow = () => {
      setTime(v.currentTime - origin);
      followCut(v.currentTime - origin);
      if (!v.paused) frame = requestAnimationFrame(follow);
    };
    const onPlay = () => (frame = requestAnimationFrame(follow));
    const onStop = () => {
      cancelAnimationFrame(frame);
      setTime(v.currentTime - origin);
      if (v.paused && reverse.current === null) setShuttle(0);
    };
    v.addEventListener('play', onPlay);
    v.addEventListener('pause', onStop);
    v.addEventListener('seeked', onStop);
    v.addEventListener('ended', onStop);
    // This effect runs again after every render, and its cleanup cancels the loop: a render while
    // playing (each setTime makes one) would otherwise stop the timecode and the playhead on the
    // first frame drawn, until the next pause.
    if (!v.paused) frame = requestAnimationFrame(follow);
    return () => {
      cancelAnimationFrame(frame);
      v.removeEventListener('play', onPlay);
      v.removeEventListener('pause', onStop);
      v.removeEventListener('seeked', onStop);
      v.removeEventListener('ended', onStop);
    };
  });
  useEffect(() => stopReverse, []);

  const clamp = useCallback((t: number) => Math.min(Math.max(0, t), Math.max(0, duration - 0.5 / fps)), [duration, fps]);

  const seek = useCallback(
    (t: number) => {
      const v = videoRef.current;
      if (!v) return;
      const to = seekTimeOfFrame(frameAt(clamp(t), fps), fps);
      v.currentTime = to + origin;
      setTime(to);
    },
    [clamp, fps, origin],
  );

  const pause = useCallback(() => {
    stopReverse();
    endCut();
    videoRef.current?.pause();
    setShuttle(0);
  }, []);

  /** The playhead on the screen's grid as the video has it now, not as last rendered (keys faster than a render). */
  const now = useCallback(() => (videoRef.current ? videoRef.current.currentTime - origin : time), [origin, time]);

  const playAt = useCallback(
    (rate: number) => {
      const v = videoRef.current;
      if (!v) return;
      stopReverse();
      setShuttle(rate);
      if (rate > 0) {
        v.playbackRate = rate;
        void v.play().catch(() => setShuttle(0));
        return;
      }
      v.pause();
      let last = performance.now();
      const step = (at: number) => {
        v.currentTime = Math.max(0, v.currentTime + (rate * (at - last)) / 1000);
        last = at;
        setTime(v.currentTime - origin);
        reverse.current = v.currentTime > 0 ? requestAnimationFrame(step) : null;
        if (reverse.current === null) setShuttle(0);
      };
      reverse.current = requestAnimationFrame(step);
    },
    [origin],
  );

  const transport = {
    togglePlay: () => (shuttle === 0 ? playAt(1) : pause()),
    pause,
    /** L: forwards at 1×, then twice as fast each press; from reverse it slows down first. */
    forward: () => playAt(shuttle < -1 ? shuttle / 2 : shuttle === -1 || shuttle === 0 ? 1 : Math.min(MAX_RATE, shuttle * 2)),
    /** J: the mirror of L (backwards leaves the cut being played: its parts run forwards). */
    reverse: () => {
      endCut();
      playAt(shuttle > 1 ? shuttle / 2 : shuttle === 1 || shuttle === 0 ? -1 : Math.max(-MAX_RATE, shuttle * 2));
    },
    /**
     * Shift+Space: the cut as Export writes it, its parts in order, skipping what it leaves out, and
     * still on its last frame at the end. L speeds it up; any other move stops it.
     */
    playCut: (parts: readonly CutPart[]) => {
      const first = parts[0];
      if (!first) return;
      pause();
      seek(first.start);
      cut.current = { parts, index: 0 };
      setCutPlaying({ part: 1, of: parts.length });
      playAt(1);
    },
    stepFrames: (n: number) => {
      pause();
      const v = videoRef.current;
      if (v) seek((frameAt(v.currentTime - origin, fps) + n) / fps);
    },
    seek: (t: number) => {
      pause();
      seek(t);
    },
    /** Back to `t` at the signed rate `rate` (0: paused), as after the picture moved to another URL. */
    resume: (t: number, rate: number) => {
      pause();
      seek(t);
      if (rate !== 0) playAt(rate);
    },
  };
  return { videoRef, time, shuttle, transport, now, cutPlaying };
}
