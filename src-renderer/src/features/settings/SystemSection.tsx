import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { CopyButton } from '../../ui/CopyButton';
import { ErrorNotice } from '../../ui/ErrorNotice';

/** Where the data lives and which ffmpeg runs the jobs. */
export function SystemSection() {
  const { client } = useApi();
  const system = useAsync(() => client.system(), [client]);
  const s = system.data;
  return (
    <section className="card stack" aria-labelledby="system-title">
      <h2 id="system-title" style={{ fontSize: 'var(--text-l)' }}>This machine</h2>
      {system.error ? <ErrorNotice error={system.error} onRetry={system.reload} /> : null}
      {s && (
        <dl className="meta">
          <dt>Data folder</dt>
          <dd className="row"><code>{s.data_dir}</code><CopyButton size="small" variant="ghost" label="Copy" getText={() => s.data_dir} /></dd>
          <dt>FFmpeg</dt><dd><span>{s.ffmpeg_version}</span><br /><code className="muted">{s.ffmpeg_path}</code></dd>
          <dt>FFprobe</dt><dd><span>{s.ffprobe_version}</span><br /><code className="muted">{s.ffprobe_path}</code></dd>
          <dt>vCPU budget</dt><dd>{s.vcpu_budget} (jobs run in parallel while their vCPUs fit)</dd>
          <dt>FFDesk</dt><dd>{s.version}</dd>
        </dl>
      )}
    </section>
  );
}
