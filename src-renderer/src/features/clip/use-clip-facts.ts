import { useEffect, useState } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import type { ClipApi, KeyframesResponse, ProxyResponse, TimelineResponse } from './clip-api';
import { pollWhilePending } from '../../lib/poll-pending';

/** How often to ask again while the service makes a proxy (the answer says PENDING until then). */
const PROXY_POLL_MS = 2000;
/** Private files play through a signed link; long enough for an editing session. */
const LINK_TTL_SECONDS = 6 * 3600;

export interface ClipFacts {
  file?: StoredFile;
  keyframes?: KeyframesResponse;
  timeline?: TimelineResponse;
  proxy?: ProxyResponse;
  error?: string;
  /** Why the file's keyframes could not be read (a damaged file, not media): it cannot be cut. */
  unreadable?: string;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * What the clip view needs to know about a stored file: its record (and a URL to play),
 * keyframes, timeline images and whether the player needs a proxy. Each fact arrives on its
 * own; the view shows what it has.
 */
export function useClipFacts(api: ClipApi, fileId: string): ClipFacts {
  const [facts, setFacts] = useState<ClipFacts>({});
  useEffect(() => {
    const ctl = new AbortController();
    const signal = ctl.signal;
    setFacts({});
    const put = (patch: Partial<ClipFacts>) => !signal.aborted && setFacts((f) => ({ ...f, ...patch }));
    const fail = (what: string) => (err: unknown) => !signal.aborted && put({ error: `${what}: ${messageOf(err)}` });
    api.getFile(fileId, signal, LINK_TTL_SECONDS).then((file) => put({ file }), fail('Cannot open the file'));
    // Without keyframes nothing can be cut: the view says so in place of the player.
    api.keyframes(fileId, signal).then(
      (keyframes) => put({ keyframes }),
      (err: unknown) => !signal.aborted && put({ error: `No keyframes: ${messageOf(err)}`, unreadable: messageOf(err) }),
    );
    api.timeline(fileId, signal).then((timeline) => put({ timeline }), fail('No timeline images'));
    pollWhilePending(
      (s) => api.proxy(fileId, s),
      PROXY_POLL_MS,
      signal,
      // Each answer signs its URLs afresh: the quick look keeps the first one (valid for a day),
      // or the player would load it again from the start at every poll.
      (proxy) => setFacts((f) => ({ ...f, proxy: f.proxy?.quick_url && proxy.quick_url ? { ...proxy, quick_url: f.proxy.quick_url } : proxy })),
      fail('No proxy'),
    );
    return () => ctl.abort();
  }, [api, fileId]);
  return facts;
}

/** How far the proxy being made has got. */
export interface ProxyMaking {
  percent: number;
  etaSeconds: number | null;
}

export interface PlayerSource {
  url: string | null;
  isProxy: boolean;
  /** The original's streams copied into MP4, played until the proxy is ready (docs/gui.md, "Proxies"). */
  isQuick?: boolean;
  /** False where the picture lacks the first audio track (a quick look of PCM or AC-3 sound): it then plays from its sound file. */
  hasSound?: boolean;
  note?: string;
  making?: ProxyMaking | undefined;
}

/**
 * What the player plays: the original, or the proxy when Chromium cannot play the original;
 * while the proxy is made, the quick look where there is one, and how far the proxy got.
 */
export function playableUrl(facts: ClipFacts): PlayerSource {
  const original = facts.file?.storage_url ?? null;
  const p = facts.proxy;
  if (!p) return { url: null, isProxy: false };
  if (p.status === 'READY' && p.url) return { url: p.url, isProxy: true, note: p.reason };
  if (p.status === 'PENDING') {
    const making = typeof p.percent === 'number' ? { percent: p.percent, etaSeconds: p.eta_seconds ?? null } : undefined;
    if (p.quick_url) return { url: p.quick_url, isProxy: true, isQuick: true, hasSound: p.quick_has_sound !== false, note: p.reason, making };
    return { url: null, isProxy: true, note: p.reason, making };
  }
  if (p.status === 'FAILED') return { url: original, isProxy: false, note: p.reason };
  return { url: original, isProxy: false };
}
