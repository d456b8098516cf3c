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
};

const LABELS: Record<string, string> = {
  SUCCESS: 'Success',
  FAILED: 'Failed',
  PROCESSING: 'Processing',
  QUEUED: 'Queued',
  STORED: 'Stored',
};

/** A status as a coloured chip; the text stays readable without colour. */
export function StatusChip({ status, label }: { status: string; label?: string }) {
  const tone = (TONES[status] ?? '').split(' ').map((t) => `chip-${t}`).join(' ');
  return <span className={`chip ${tone}`}>{label ?? LABELS[status] ?? status.toLowerCase()}</span>;
}
