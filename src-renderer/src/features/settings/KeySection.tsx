import { useState } from 'react';
import type { CreatedApiKey } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../ui/Button';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { CopyButton } from '../../ui/CopyButton';
import { describeError, ErrorNotice } from '../../ui/ErrorNotice';
import { showToast } from '../../ui/toast';

/** The key in use (show/copy), and the account's keys (create/revoke). */
export function KeySection() {
  const { client, apiKey, isDesktop, signOut } = useApi();
  const keys = useAsync(() => client.listKeys(), [client]);
  const [isShown, setShown] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [label, setLabel] = useState('');

  async function create() {
    try {
      setCreated(await client.createKey(label.trim() ? { label: label.trim() } : {}));
      setLabel('');
      keys.reload();
    } catch (err) {
      showToast(`Could not create a key: ${describeError(err)}`, { isError: true });
    }
  }
  async function revoke(keyId: string) {
    try {
      await client.revokeKey(keyId);
      keys.reload();
    } catch (err) {
      showToast(`Could not revoke: ${describeError(err)}`, { isError: true });
    }
  }

  return (
    <section className="card stack" aria-labelledby="keys-title">
      <h2 id="keys-title" style={{ fontSize: 'var(--text-l)' }}>
        API keys
      </h2>
      <div className="row-wrap">
        <code className="input mono" aria-label="Current API key" style={{ flex: 1, display: 'flex', alignItems: 'center' }}>
          {isShown ? apiKey : `${apiKey.slice(0, 6)}${'•'.repeat(18)}`}
        </code>
        <Button onClick={() => setShown((v) => !v)} aria-pressed={isShown}>
          {isShown ? 'Hide' : 'Show'}
        </Button>
        <CopyButton label="Copy" done="API key copied" getText={() => apiKey} />
        {!isDesktop && (
          <Button variant="ghost" onClick={signOut}>
            Use another key
          </Button>
        )}
      </div>
      {created && (
        <div className="notice notice-info" role="status">
          <div className="stack" style={{ flex: 1 }}>
            <strong>New {created.plan} key — copy it now, it is shown only once</strong>
            <code className="mono">{created.key}</code>
          </div>
          <CopyButton size="small" label="Copy" getText={() => created.key} />
        </div>
      )}
      {keys.error ? <ErrorNotice error={keys.error} onRetry={keys.reload} title="Could not list the keys" /> : null}
      {keys.data && (
        <table className="table">
          <thead>
            <tr>
              <th>Prefix</th>
              <th>Label</th>
              <th>Plan</th>
              <th>Created</th>
              <th>Status</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((k) => (
              <tr key={k.key_id}>
                <td className="mono">{k.prefix}…</td>
                <td>{k.label ?? '—'}</td>
                <td>{k.plan}</td>
                <td>{formatDateTime(k.created_at)}</td>
                <td>{k.revoked_at ? `Revoked ${formatDateTime(k.revoked_at)}` : k.is_current || apiKey.startsWith(k.prefix) ? 'In use here' : 'Active'}</td>
                <td>
                  {!k.revoked_at && !k.is_current && (
                    <ConfirmButton size="small" label="Revoke" confirmLabel="Revoke now?" onConfirm={() => void revoke(k.key_id)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="row">
        <input
          className="input"
          style={{ width: 220 }}
          aria-label="Label of the new key"
          placeholder="Label (e.g. render script)"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <Button onClick={() => void create()}>Create key</Button>
        <span className="small muted">New keys share this account and its plan; revoke any you no longer use.</span>
      </div>
    </section>
  );
}
