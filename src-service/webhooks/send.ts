import type { AttemptResult } from './webhooks-repo';

/**
 * One delivery attempt: POST the exact stored body. Any 2xx whose status line arrives
 * within the timeout is delivery (docs/choices.md: Webhooks); redirects are not followed (a 3xx
 * is a failure, so a receiver cannot bounce the signed payload elsewhere).
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<AttemptResult & { ok: boolean }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'FFDesk-Webhooks/1.0', ...headers },
      body,
      signal,
    });
    // The body is not needed; release the socket.
    await res.body?.cancel().catch(() => undefined);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, statusCode: res.status, error: ok ? null : `HTTP ${res.status}` };
  } catch (err) {
    return { ok: false, statusCode: null, error: describeError(err, timeoutMs) };
  }
}

function describeError(err: unknown, timeoutMs: number): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `No response within ${Math.round(timeoutMs / 1000)} s`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause ? `${e.message}: ${cause}` : String(e?.message ?? err);
}
