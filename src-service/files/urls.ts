import type { StoredFile } from './stored-file';
import { signToken, type Keyring } from '../storage/signing';

/** A parsed URL that points into this service's own storage. */
export interface OwnStorageRef {
  fileId: string;
  token: string | null;
  innerPath: string;
}

/**
 * The URLs FFDesk hands out, where a cloud service would hand out bucket and presigned
 * URLs. The signature sits in the path (`/storage/s/<token>/<file_id>/<name>`) so the
 * relative segment URIs of a playlist inherit it (docs/choices.md: Storage and signed URLs).
 */
export function createUrlBuilder(getBase: () => string, keyring: Keyring, isStoredHere: (fileId: string) => boolean) {
  const nowSec = () => Math.floor(Date.now() / 1000);

  function fileUrl(row: Pick<StoredFile, 'id' | 'filename'>, token: string | null): string {
    const name = encodeURIComponent(row.filename);
    return token ? `${getBase()}/storage/s/${token}/${row.id}/${name}` : `${getBase()}/storage/${row.id}/${name}`;
  }

  return {
    base: getBase,
    /** `storage_url`: public URL, presigned URL for private files when a TTL is asked, else null. */
    storageUrl(row: StoredFile, presignTtlSeconds?: number): string | null {
      if (row.isDeleted || row.status !== 'STORED' || !row.blobKey) return null;
      if (!row.isPrivate) return fileUrl(row, null);
      if (!presignTtlSeconds) return null;
      return fileUrl(row, signToken(keyring, `file:${row.id}`, nowSec() + presignTtlSeconds));
    },
    partUrl(fileId: string, partNumber: number, expiresAtSec: number): string {
      const token = signToken(keyring, `part:${fileId}:${partNumber}`, expiresAtSec);
      return `${getBase()}/uploads/${fileId}/parts/${partNumber}?token=${encodeURIComponent(token)}`;
    },
    /**
     * Recognises URLs of this service's storage: same host and port, or loopback on the same port,
     * or loopback on another port naming a file stored here (a URL from an earlier run on another
     * port; docs/choices.md: Requests).
     */
    parseOwnStorageUrl(raw: string): OwnStorageRef | null {
      let url: URL;
      let base: URL;
      try {
        url = new URL(raw);
        base = new URL(getBase());
      } catch {
        return null; // not a URL at all: the download path reports it
      }
      const same = isSameService(url, base);
      if (!same && !(isLoopback(url) && isLoopback(base))) return null;
      const ref = parseStoragePath(url.pathname);
      // A loopback URL from an earlier run on another port (FFDESK_PORT=0 and the desktop app take
      // any free port; a command re-queued after a crash still names the old one) is ours when it
      // names a file stored here; anything else on another port is another local service's.
      if (!same && (!ref || !isStoredHere(ref.fileId))) return null;
      return ref;
    },
  };
}

export type UrlBuilder = ReturnType<typeof createUrlBuilder>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const isLoopback = (u: URL) => LOOPBACK.has(u.hostname);

function isSameService(url: URL, base: URL): boolean {
  const port = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
  if (port(url) !== port(base)) return false;
  return url.hostname === base.hostname || (isLoopback(url) && isLoopback(base));
}

/** `/storage/<id>/<path...>` or `/storage/s/<token>/<id>/<path...>`; segments are percent-decoded. */
export function parseStoragePath(pathname: string): OwnStorageRef | null {
  const parts = pathname.split('/').slice(1);
  if (parts[0] !== 'storage') return null;
  let token: string | null = null;
  let rest = parts.slice(1);
  if (rest[0] === 's') {
    token = rest[1] ?? null;
    rest = rest.slice(2);
  }
  const [fileId, ...inner] = rest;
  if (!fileId || inner.length === 0 || (token !== null && !token)) return null;
  try {
    return { fileId: decodeURIComponent(fileId), token, innerPath: inner.map((s) => decodeURIComponent(s)).join('/') };
  } catch {
    return null; // malformed percent-encoding: not a storage URL we issued
  }
}
