import { useState } from 'react';
import { Field } from '../../ui/Field';
import { DEFAULT_SPLIT_OFFER_SECONDS, setSplitOfferSeconds, splitOfferSeconds } from '../../lib/split-offer';

/** From what input length the convert panel and the clip view propose to split one encode (docs/scale-out.md, "Segmented encodes"). */
export function SplitSection() {
  const [text, setText] = useState(String(splitOfferSeconds()));
  const save = (value: string) => {
    setText(value);
    const n = Number(value);
    setSplitOfferSeconds(value.trim() === '' ? null : Number.isFinite(n) && n >= 0 ? n : null);
  };
  return (
    <section className="card stack" aria-labelledby="split-title">
      <h2 id="split-title" style={{ fontSize: 'var(--text-l)' }}>
        Split long encodes
      </h2>
      <p className="small muted">
        For an input at least this long, the convert panel (and the clip view, for a re-encode of at least this much) proposes to split the encode across the
        workers or this machine&apos;s cores (default {DEFAULT_SPLIT_OFFER_SECONDS} s).
      </p>
      <Field label="Propose splitting from (seconds)">
        {(p) => <input {...p} className="input" type="number" min={0} step={1} value={text} onChange={(e) => save(e.target.value)} />}
      </Field>
    </section>
  );
}
