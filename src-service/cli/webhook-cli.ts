import { parseArgs } from 'node:util';
import type { WebhookDelivery } from '../client/index';
import { connect } from './context';
import { EXIT, UsageError } from './exit-codes';
import { printJson, printLine } from './output';

function printDelivery(d: WebhookDelivery): void {
  const code = d.last_status_code ?? '-';
  printLine(`${String(d.delivery_id)}  ${String(d.status).padEnd(9)}  attempts:${String(d.attempts)}  last:${String(code)}  ${String(d.last_error ?? '')}`);
}

/** `webhook get | set <url> | rm | test | deliveries | replay <delivery_id>` (docs/choices.md: Webhooks). */
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
    const list = await client.listWebhookDeliveries();
    out(list, () => list.forEach(printDelivery));
  } else if (sub === 'test' || (sub === 'replay' && positionals.length === 1)) {
    const d = sub === 'test' ? await client.testWebhook() : await client.replayWebhookDelivery(positionals[0] as string);
    out(d, () => printDelivery(d));
    return d.status === 'DELIVERED' ? EXIT.OK : EXIT.FAILED;
  } else {
    throw new UsageError('Usage: ffdesk webhook get | set <url> | rm | test | deliveries | replay <delivery_id> [--json]');
  }
  return EXIT.OK;
}
