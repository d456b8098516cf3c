import { useEffect, useState, type SyntheticEvent } from 'react';
import { API } from '../../../src-service/client';
import type { ProxyResponse } from '../../../src-service/contract/file-facts.schema';
import { useApi } from '../lib/api';
import { codecWord } from '../lib/media';
import { pollWhilePending } from '../lib/poll-pending';

/** How often to ask again while the service makes a proxy. */
const PROXY_POLL_MS = 2000;

export interface ProxyFallback {
  /** The proxy's URL once it is READY: play it in place of the original. */
  proxyUrl: string | undefined;
  /** The picture did not show here: say so (pictureNote). */
  isPictureless: boolean;
  proxy: ProxyResponse | null;
  /** For the `<video>` showing the original: notices a picture this browser cannot draw. */
  watch: { onLoadedMetadata(e: SyntheticEvent<HTMLVideoElement>): void; onError(): void };
}

/**
 * A stored video whose picture this browser cannot show (H.265 and ProRes in Chromium, which plays
 * the sound and leaves the box black, or fails) plays through the service's small H.264 proxy,
 * made once per file as for the Cut screen (GET /v1/files/{id}/proxy; docs/gui.md, "Jobs"). It
 * is asked for only once the original has failed to show, so a page showing a video Chromium plays
 * starts nothing. `hasPicture`: the stored facts say the file has a picture (a sound in an MP4
 * has none, and its empty box is right).
 */
export function useProxyFallback(fileId: string | undefined, hasPicture: boolean): ProxyFallback {
  const { client } = useApi();
  const [isPictureless, setPictureless] = useState(false);
  const [proxy, setProxy] = useState<ProxyResponse | null>(null);
  useEffect(() => {
    if (!isPictureless || !fileId) return;
    const ctl = new AbortController();
    pollWhilePending<ProxyResponse>(
      (signal) => client.call(API.getFileProxy, { params: { file_id: fileId }, signal }),
      PROXY_POLL_MS,
      ctl.signal,
      setProxy,
      () => setProxy({ status: 'FAILED' }),
    );
    return () => ctl.abort();
  }, [client, fileId, isPictureless]);
  const proxyUrl = proxy?.status === 'READY' ? proxy.url : undefined;
  return {
    proxyUrl,
    isPictureless,
    proxy,
    // Once the proxy plays, nothing is watched: it has its picture.
    watch: proxyUrl ? NOT_WATCHING : watchForNoPicture(() => setPictureless(true), hasPicture),
  };
}

const NOT_WATCHING: PictureWatch = { onLoadedMetadata: () => undefined, onError: () => undefined };

type PictureWatch = ProxyFallback['watch'];

/**
 * A `<video>`'s handlers that tell when this browser shows none of its picture: Chromium fails on
 * ProRes, and plays an H.265 MP4's sound with a picture 0 px wide. `hasPicture`: the file is known
 * to have one (a sound in an MP4 has none, and its empty box is right). The list thumbnails
 * (ListThumb) and the proxy fallback read the same signs.
 */
export function watchForNoPicture(onMissing: () => void, hasPicture = true): PictureWatch {
  return {
    onLoadedMetadata: (e) => {
      if (e.currentTarget.videoWidth === 0 && hasPicture) onMissing();
    },
    onError: onMissing,
  };
}

/** The line under such a picture: shown through a proxy, being made (how far), or where to see it. */
export function pictureNote(fallback: ProxyFallback, codec: string | null | undefined, canProxy = true): string {
  const what = `this ${codecWord(codec) ? `${codecWord(codec)} ` : ''}picture`;
  const { proxy, proxyUrl } = fallback;
  if (proxyUrl) return `Shown through a proxy: this browser cannot show ${what}. The download is the original.`;
  if (canProxy && (proxy === null || proxy.status === 'PENDING'))
    return `This browser cannot show ${what}: a proxy it can show is being made${proxy && typeof proxy.percent === 'number' ? ` (${Math.round(proxy.percent)} %)` : ''}…`;
  return `This browser cannot show ${what}. Your own player plays the download.`;
}
