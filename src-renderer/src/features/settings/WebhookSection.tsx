import { useState, type FormEvent } from 'react';
import type { WebhookDelivery } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { describeError, ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast';

/** The account's webhook URL (docs/choices.md: Webhooks) and its recent deliveries. */
export function WebhookSection() {
  const { client } = useApi();
  const hook = useAsync(() => client.getWebhook(), [client]);
  const deliveries = useAsync(() => client.listWebhookDeliveries(), [client]);
  // What the user typed, else (null) the saved URL: derived at each render, not copied in by an
  // effect. An effect that filled in a slow first load could run after a keystroke it had not
  // seen and wipe it, and "Save" then removed the webhook (1 run in 24 in the e2e test).
  const [draft, setDraft] = useState<string | null>(null);
  const url = draft ?? hook.data?.url ?? '';
  const [secret, setSecret] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    try {
      if (url.trim()) setSecret((await client.putWebhook(url.trim())).secret ?? null);
      else await client.deleteWebhook();
      showToast(url.trim() ? 'Webhook saved' : 'Webhook removed');
      hook.reload();
    } catch (err) {
      showToast(describeError(err), { isError: true });
    }
  }

  /** "Send test" and "Replay": one attempt now; the row then shows what the receiver answered. */
  async function attempt(send: () => Promise<WebhookDelivery>, what: string) {
    try {
      const d = await send();
      showToast(`${what}: ${deliveryResult(d)}`, { isError: d.status !== 'DELIVERED' });
      deliveries.reload();
    } catch (err) {
      showToast(describeError(err), { isError: true });
    }
  }

  return (
    <section className="card stack" aria-labelledby="webhook-title">
      <h2 id="webhook-title" style={{ fontSize: 'var(--text-l)' }}>
        Webhook
      </h2>
      {hook.error ? <ErrorNotice error={hook.error} onRetry={hook.reload} title="Could not load the webhook" /> : null}
      <form className="row" style={{ alignItems: 'flex-end' }} onSubmit={(e) => void save(e)}>
        <div style={{ flex: 1 }}>
          <Field label="URL called when a job ends" hint="Signed the Standard Webhooks way; leave empty to turn off.">
            {(p) => (
              <input
                {...p}
                className="input mono"
                type="url"
                placeholder="http://localhost:9000/hooks/ffdesk"
                value={url}
                onChange={(e) => setDraft(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Button type="submit">Save</Button>
        <Button type="button" disabled={!hook.data?.url} onClick={() => void attempt(() => client.testWebhook(), 'Test event')}>
          Send test
        </Button>
      </form>
      {secret && (
        <div className="notice notice-info row">
          <span style={{ flex: 1 }}>
            Signing secret: <code>{secret}</code>
          </span>
          <CopyButton size="small" label="Copy" getText={() => secret} />
        </div>
      )}
      <h3 className="small">Recent deliveries</h3>
      {deliveries.error ? <p className="small muted">{describeError(deliveries.error)}</p> : null}
      {deliveries.data?.length === 0 && <p className="small muted">None yet: deliveries appear here after jobs end.</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>When</th>
              <th>Job</th>
              <th>Attempts</th>
              <th>Result</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.slice(0, 20).map((d) => (
              <tr key={d.delivery_id}>
                <td>{formatDateTime(d.created_at)}</td>
                <td className="mono">{d.command_id.slice(0, 8)}</td>
                <td>{d.attempts}</td>
                <td>{deliveryResult(d)}</td>
                <td>
                  <Button
                    size="small"
                    aria-label={`Replay delivery ${d.delivery_id}`}
                    onClick={() => void attempt(() => client.replayWebhookDelivery(d.delivery_id), 'Replay')}
                  >
                    Replay
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function deliveryResult(d: WebhookDelivery): string {
  const code = d.last_status_code ? ` (HTTP ${d.last_status_code})` : '';
  if (d.status === 'DELIVERED') return `Delivered${code}`;
  if (d.status === 'FAILED') return `Gave up${code}${d.last_error ? `: ${d.last_error}` : ''}`;
  return `Retrying ${d.next_attempt_at ? formatDateTime(d.next_attempt_at) : 'soon'}${code}`;
}
