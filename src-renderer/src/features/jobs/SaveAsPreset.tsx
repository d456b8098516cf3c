import { useState } from 'react';
import type { CommandRecord } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { presetFromRequest, savePreset } from '../../lib/preset-handoff';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast';

/** "Save as preset": the job's command, inputs and outputs under a name, to run again on other files. */
export function SaveAsPreset({ job }: { job: CommandRecord }) {
  const { client, apiKey } = useApi();
  const [name, setName] = useState<string | null>(null);
  if (name === null) return <Button onClick={() => setName('')}>Save as preset</Button>;
  const save = async () => {
    try {
      await savePreset(client.baseUrl, apiKey, presetFromRequest(name, job.original_request));
      showToast(`Saved preset ${name}`);
      setName(null);
    } catch (err) {
      showToast(`Not saved: ${(err as Error).message}`, { isError: true });
    }
  };
  return (
    <span className="row">
      <input className="input" aria-label="Preset name" placeholder="preset-name" value={name} onChange={(e) => setName(e.target.value.toLowerCase())} />
      <Button variant="primary" disabled={!name} onClick={() => void save()}>Save</Button>
      <Button variant="ghost" onClick={() => setName(null)}>Cancel</Button>
    </span>
  );
}
