import { useState } from 'react';
import { API, type CommandRequest } from '../../../src-service/client';
import { useApi } from '../lib/api';
import { presetFromRequest } from '../lib/preset-handoff';
import { Button } from './Button';
import { showToast } from './toast';

/** "Save as preset" (a job, or the builder's form): its command, inputs and outputs under a name. */
export function SaveAsPreset({ getRequest, size = 'normal' }: { getRequest(): CommandRequest; size?: 'normal' | 'small' }) {
  const { client } = useApi();
  const [name, setName] = useState<string | null>(null);
  if (name === null)
    return (
      <Button size={size} onClick={() => setName('')}>
        Save as preset
      </Button>
    );
  const save = async () => {
    try {
      await client.call(API.createPreset, { body: presetFromRequest(name, getRequest()) });
      showToast(`Saved preset ${name}`);
      setName(null);
    } catch (err) {
      showToast(`Not saved: ${(err as Error).message}`, { isError: true });
    }
  };
  return (
    <span className="row">
      <input className="input" aria-label="Preset name" placeholder="preset-name" value={name} onChange={(e) => setName(e.target.value.toLowerCase())} />
      <Button size={size} variant="primary" disabled={!name} onClick={() => void save()}>
        Save
      </Button>
      <Button size={size} variant="ghost" onClick={() => setName(null)}>
        Cancel
      </Button>
    </span>
  );
}
