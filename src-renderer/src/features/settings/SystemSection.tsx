import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { CopyButton } from '../../ui/CopyButton';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { SystemInfo } from '../../../../src-service/client';
import { BinaryDetails, HardwareDetails } from './BinaryDetails';
import { useHardwareEncoders } from '../job-builder/use-hardware-encoders';

/** Where the data lives and which ffmpeg runs the jobs. */
export function SystemSection() {
  const { client } = useApi();
  const system = useAsync(() => client.system(), [client]);
  const s = system.data;
  const hw = useHardwareEncoders(); // follows the background test encodes until they are done
  return (
    <section className="card stack" aria-labelledby="system-title">
      <h2 id="system-title" style={{ fontSize: 'var(--text-l)' }}>
        This machine
      </h2>
      {system.error ? <ErrorNotice error={system.error} onRetry={system.reload} /> : null}
      {s && (
        <dl className="meta">
          <dt>Data folder</dt>
          <dd className="row">
            <code>{s.data_dir}</code>
            <CopyButton size="small" variant="ghost" label="Copy" getText={() => s.data_dir ?? ''} />
          </dd>
          <dt>FFmpeg</dt>
          <dd>
            <code className="muted">{s.ffmpeg_path}</code>
            {s.ffmpeg ? <BinaryDetails name="FFmpeg" choice={s.ffmpeg} /> : <span> {s.ffmpeg_version}</span>}
          </dd>
          <dt>FFprobe</dt>
          <dd>
            <code className="muted">{s.ffprobe_path}</code>
            {s.ffprobe ? <BinaryDetails name="FFprobe" choice={s.ffprobe} /> : <span> {s.ffprobe_version}</span>}
          </dd>
          <dt>Sandbox</dt>
          <dd>
            <SandboxLine sandbox={s.sandbox} />
          </dd>
          <dt>GPU encoders</dt>
          <dd>
            <HardwareDetails hw={hw ?? s.hardware_encoders} />
          </dd>
          <dt>Cores for jobs (vCPU budget)</dt>
          <dd>{s.vcpu_budget} (jobs run side by side while their cores fit)</dd>
          <dt>FFDesk</dt>
          <dd>{s.version}</dd>
        </dl>
      )}
    </section>
  );
}

/** Whether ffmpeg runs inside the operating system's sandbox; a warning with the reason when it does not. */
function SandboxLine({ sandbox }: { sandbox: SystemInfo['sandbox'] | undefined }) {
  if (!sandbox) return <span className="muted">unknown</span>;
  const confined = sandbox.mode !== 'off' && sandbox.available;
  if (confined)
    return (
      <span>
        FFmpeg runs confined ({sandbox.mechanism}, {sandbox.mode})
      </span>
    );
  return (
    <span role="status">
      <strong>Warning: FFmpeg runs without a sandbox</strong> ({sandbox.mode})
      {sandbox.reason ? (
        <>
          <br />
          <span className="muted">{sandbox.reason}</span>
        </>
      ) : null}
    </span>
  );
}
