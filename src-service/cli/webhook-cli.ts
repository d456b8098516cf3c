import { parseArgs } from 'node:util';
import { ApiError, NetworkError } from '../client/index';
import { connect, resolveTarget } from './context';
import { EXIT, UsageError } from './exit-codes';
import { printJson, printLine } from './output';

/** `POST /v1/webhook/test` and `.../replay`: the typed client has no methods for them yet, so a thin call here. */
async function postNoBody(path: string): Promise<Record<string, unknown>> {
  const { baseUrl, apiKey } = resolveTarget();
  const res = await fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, { method: 'POST', headers: { 'X-API-KEY': apiKey } }).catch((err: unknown) => {
    throw new NetworkError(`Cannot reach the FFDesk service at ${baseUrl}`, { cause: err });
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new ApiError(res.status, typeof body?.detail === 'string' ? body.detail : `HTTP ${res.status}`, body);
  return body ?? {};
}

function printDelivery(d: Record<string, unknown>): void {
  const code = d.last_status_code ?? '-';
  printLine(`${String(d.delivery_id)}  ${String(d.status).padEnd(9)}  attempts:${String(d.attempts)}  last:${String(code)}  ${String(d.last_error ?? '')}`);
}

/** `webhook get | set <url> | rm | test | deliveries | replay <delivery_id>` (decisions: Webhooks). */
export async function webhookCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } }, allowPositionals: true });
  const out = (value: unknown, human: () => void) => (values.json ? printJson(value) : human());
  const client = connect();
  if (sub === 'get') {
    const hook = await client.getWebhook();
    out(hook, () => printLine(hook.url ?? '(no webhook set)'));
  } else if (sub === 'set' && positionals.length === 1) {
    const hook = await client.putWebhook(positionals[0] as string);
    out(hook, () => printLine(`${hook.url}\nsecret (shown once): ${hook.secret ?? ''}`));
  } else if (sub === 'rm') {
    await client.deleteWebhook();
    out({}, () => printLine('webhook removed'));
  } else if (sub === 'deliveries') {
    const list = (await client.listWebhookDeliveries()) as Record<string, unknown>[];
    out(list, () => list.forEach(printDelivery));
  } else if (sub === 'test' || (sub === 'replay' && positionals.length === 1)) {
    const d = await postNoBody(sub === 'test' ? '/v1/webhook/test' : `/v1/webhook/deliveries/${encodeURIComponent(positionals[0] as string)}/replay`);
    out(d, () => printDelivery(d));
    return d.status === 'DELIVERED' ? EXIT.OK : EXIT.FAILED;
  } else {
    throw new UsageError('Usage: ffdesk webhook get | set <url> | rm | test | deliveries | replay <delivery_id> [--json]');
  }
  return EXIT.OK;
}
