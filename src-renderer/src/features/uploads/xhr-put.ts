import { ApiError } from '../../../../src-service/client';

/**
 * One part PUT through XMLHttpRequest, because fetch has no upload progress: `onBytes`
 * hears the bytes of this part sent so far, so progress moves within a part instead of
 * jumping when a whole part finishes. Part URLs are presigned: no key header.
 */
export function xhrPut(url: string, body: Blob, onBytes: (sent: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (e) => onBytes(e.loaded);
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError(xhr.status, detailOf(xhr) ?? `Part upload failed (HTTP ${xhr.status})`, null));
      const etag = xhr.getResponseHeader('ETag');
      if (!etag) return reject(new ApiError(xhr.status, 'The part upload answered without an ETag header', null));
      onBytes(body.size);
      resolve(etag);
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('Network error while sending a part'));
    };
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

function detailOf(xhr: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(xhr.responseText) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
}
