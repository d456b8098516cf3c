import { signToken, verifyToken, type Keyring, type TokenVerdict } from '../storage/signing';
import { SOUND_FILE_NAME } from './sound';
import { SUBTITLES_FILE_NAME } from './subtitle-text';

/** The cached images, proxies, quick looks, sounds of audio tracks and texts of subtitle tracks a URL may name. */
const SERVED_FACTS = new Set(['sprite.jpg', 'proxy.mp4', 'quick.mp4']);
export const isServedFact = (name: string): boolean => SERVED_FACTS.has(name) || SOUND_FILE_NAME.test(name) || SUBTITLES_FILE_NAME.test(name);
const TTL_SECONDS = 24 * 3600;

/**
 * Signed URLs of a file's cached sprite and proxy: `/facts/s/<token>/<file_id>/<name>`, the
 * signature over the file and the name (docs/api.md, "File facts"); like a presigned storage URL,
 * the URL is the grant, so `<img>` and `<video>` load it without the key.
 */
export function createFactUrls(base: () => string, keyring: Keyring) {
  const scope = (fileId: string, name: string) => `facts:${fileId}/${name}`;
  return {
    url(fileId: string, name: string): string {
      const token = signToken(keyring, scope(fileId, name), Math.floor(Date.now() / 1000) + TTL_SECONDS);
      return `${base()}/facts/s/${token}/${encodeURIComponent(fileId)}/${name}`;
    },
    /** `{fileId, name}` of a well-formed URL path with a valid signature, else why not. */
    check(pathname: string, nowSec: number): { fileId: string; name: string } | Exclude<TokenVerdict, 'ok'> | 'not-found' {
      const m = /^\/facts\/s\/([^/]+)\/([A-Za-z0-9_-]{1,64})\/([a-z0-9.]+)$/.exec(pathname);
      if (!m || !isServedFact(m[3] as string)) return 'not-found';
      const [, token, fileId, name] = m as unknown as [string, string, string, string];
      const verdict = verifyToken(keyring, scope(fileId, name), token, nowSec);
      return verdict === 'ok' ? { fileId, name } : verdict;
    },
  };
}

export type FactUrls = ReturnType<typeof createFactUrls>;
