import { useEffect, useRef } from 'react';
import type { TimelineResponse } from './clip-api';

/** Canvases cannot be wider than this in Chromium; a wider timeline stretches the drawing. */
const MAX_CANVAS = 16000;

interface Props {
  width: number;
  duration: number;
  keyframes: readonly number[];
  waveform: TimelineResponse['waveform'];
}

/** The audio waveform (mirrored peaks) and the keyframe ticks (along the top edge), drawn on one canvas. */
export function TimelineCanvas({ width, duration, keyframes, waveform }: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || width <= 0 || duration <= 0) return;
    const w = Math.min(MAX_CANVAS, Math.round(width));
    const h = canvas.clientHeight || 48;
    canvas.width = w;
    canvas.height = h;
    const style = getComputedStyle(canvas);
    ctx.clearRect(0, 0, w, h);
    if (waveform && waveform.peaks.length > 0) {
      ctx.fillStyle = style.getPropertyValue('--wave').trim() || '#4c6ef5';
      const perPx = waveform.peaks.length / w;
      for (let x = 0; x < w; x++) {
        const from = Math.floor(x * perPx);
        let peak = 0;
        for (let i = from; i < Math.max(from + 1, Math.floor((x + 1) * perPx)); i++) peak = Math.max(peak, waveform.peaks[i] ?? 0);
        const bar = Math.max(1, peak * (h - 12));
        ctx.fillRect(x, (h - bar) / 2, 1, bar);
      }
    }
    ctx.fillStyle = style.getPropertyValue('--tick').trim() || '#e8590c';
    for (const k of keyframes) ctx.fillRect(Math.round((k / duration) * w), 0, 2, 10);
  }, [width, duration, keyframes, waveform]);
  return <canvas ref={ref} className="clip-canvas" aria-hidden="true" />;
}
