import { useState } from 'react';
import { useApi } from '../../lib/api';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast';

/** A safe file name for the zip: the job's name without characters file systems refuse. */
export function zipNameOf(jobName: string | null | undefined, commandId: string): string {
  const printable = [...(jobName ?? '')].filter((c) => c >= ' ').join('');
  const base = printable
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${base || `job-${commandId}`}.zip`;
}

/**
 * "Download all": the service streams the zip (`GET /v1/commands/{id}/files.zip`); the key
 * goes in a header, so the GUI fetches it and hands the browser a blob to save.
 */
export function DownloadAllButton({ commandId, jobName }: { commandId: string; jobName: string | null | undefined }) {
  const { client } = useApi();
  const [isBusy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const blob = await client.downloadCommandFiles(commandId);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = zipNameOf(jobName, commandId);
      document.body.append(a);
      a.click();
      a.remove();
      // The download has taken its copy once click() returns; a minute is ample either way.
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (err) {
      showToast(`Download failed: ${err instanceof Error ? err.message : String(err)}`, { isError: true });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" onClick={() => void download()} disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? 'Preparing zip…' : 'Download all (.zip)'}
    </Button>
  );
}
