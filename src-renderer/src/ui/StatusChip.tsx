const TONES: Record<string, string> = {
  SUCCESS: 'success',
  STORED: 'success',
  FAILED: 'danger',
  PROCESSING: 'info processing',
  DOWNLOADING: 'info processing',
  UPLOADING: 'info processing',
  UPLOADED: 'info',
  DOWNLOADED: 'info',
  QUEUED: 'warning',
  // A job the user cancelled did what they asked: neutral, not an error.
  CANCELLED: 'neutral',
};

const LABELS: Record<string, string> = {
  SUCCESS: 'Success',
  FAILED: 'Failed',
  PROCESSING: 'Processing',
  QUEUED: 'Queued',
  STORED: 'Stored',
  CANCELLED: 'Cancelled',
};

/** The chip status of a command: a cancelled one is not shown as failed. */
export function commandChipStatus(job: { status: string; error_status?: string | null }): string {
  return job.status === 'FAILED' && job.error_status === 'CANCELLED' ? 'CANCELLED' : job.status;
}

/** A status as a coloured chip; the text stays readable without colour. */
export function StatusChip({ status, label }: { status: string; label?: string }) {
  const tone = (TONES[status] ?? '')
    .split(' ')
    .map((t) => `chip-${t}`)
    .join(' ');
  return <span className={`chip ${tone}`}>{label ?? LABELS[status] ?? status.toLowerCase()}</span>;
}
