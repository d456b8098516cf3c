import { useState, type Ref } from 'react';
import { pictureNote, useProxyFallback, type ProxyFallback } from './use-proxy-fallback';

export interface CompareSide {
  url: string;
  label: string;
  kind: 'video' | 'image' | 'audio';
  /** "1280×720 · 0:08 · 2.1 Mbit/s · 2.3 MB", or "" when nothing is known. */
  facts: string;
  /** A stored file: where its picture does not show here, its proxy does (useProxyFallback). */
  stored?: { fileId: string; codec: string | null; hasPicture: boolean };
}

interface Props {
  input: CompareSide;
  output: CompareSide;
  inputRef?: Ref<HTMLVideoElement>;
  outputRef?: Ref<HTMLVideoElement>;
}

/**
 * Input and output, each drawn by its own type (video, image/GIF, audio), either as a wipe
 * (the input left of a movable split, the output right of it) or side by side; under each
 * side its resolution, duration, bitrate and size.
 */
export function CompareView({ input, output, inputRef, outputRef }: Props) {
  const [mode, setMode] = useState<'wipe' | 'side'>('wipe');
  const [split, setSplit] = useState(50);
  // The input as stored: an H.265 or ProRes source showed black beside its output's proxy.
  const fallback = useProxyFallback(input.kind === 'video' ? input.stored?.fileId : undefined, input.stored?.hasPicture ?? true);
  const inputShown = { ...input, url: fallback.proxyUrl ?? input.url };
  return (
    <div className="compare stack">
      <div className="row-wrap" role="radiogroup" aria-label="Compare layout">
        {(['wipe', 'side'] as const).map((m) => (
          <label key={m} className="small">
            <input type="radio" name="compare-mode" checked={mode === m} onChange={() => setMode(m)} /> {m === 'wipe' ? 'Wipe' : 'Side by side'}
          </label>
        ))}
      </div>
      {mode === 'wipe' ? (
        <div className="compare-wipe" style={{ ['--split' as string]: `${split}%` }}>
          <div className="compare-layer compare-layer-output">
            <SideMedia side={output} mediaRef={outputRef} />
          </div>
          <div className="compare-layer compare-layer-input">
            <SideMedia side={inputShown} mediaRef={inputRef} fallback={fallback} />
          </div>
          <div className="compare-handle" aria-hidden="true" />
        </div>
      ) : (
        <div className="compare-side">
          <SideMedia side={inputShown} mediaRef={inputRef} fallback={fallback} />
          <SideMedia side={output} mediaRef={outputRef} />
        </div>
      )}
      {mode === 'wipe' && (
        <input
          type="range"
          className="compare-slider"
          min={0}
          max={100}
          step={1}
          value={split}
          aria-label="Wipe position: input on the left, output on the right"
          aria-valuetext={`${split}% input`}
          onChange={(e) => setSplit(Number(e.target.value))}
        />
      )}
      <div className="compare-side">
        <Facts side={input} note={fallback.isPictureless ? pictureNote(fallback, input.stored?.codec, input.stored !== undefined) : null} />
        <Facts side={output} />
      </div>
    </div>
  );
}

function Facts({ side, note = null }: { side: CompareSide; note?: string | null }) {
  return (
    <p className="small compare-facts" aria-label={`${side.label} facts`}>
      <strong>{side.label}</strong>
      <br />
      <span className="muted">{side.facts || 'No details stored'}</span>
      {note && (
        <>
          <br />
          <span className="muted" role="note" data-testid="compare-no-picture">
            {note}
          </span>
        </>
      )}
    </p>
  );
}

function SideMedia({ side, mediaRef, fallback }: { side: CompareSide; mediaRef?: Ref<HTMLVideoElement> | undefined; fallback?: ProxyFallback }) {
  if (side.kind === 'image') return <img className="compare-media" src={side.url} alt={side.label} />;
  if (side.kind === 'audio')
    return (
      <div className="compare-media compare-audio">
        <span aria-hidden="true" className="compare-audio-icon">
          ♪
        </span>
        <audio src={side.url} controls preload="metadata" aria-label={side.label} />
      </div>
    );
  return <video className="compare-media" ref={mediaRef} src={side.url} preload="auto" muted aria-label={side.label} {...fallback?.watch} />;
}
