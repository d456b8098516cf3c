import type { StoredFile } from '../../../../src-service/client';
import { formatDateTime, formatDuration, formatMbytes } from '../../lib/format';
import { stateLabel } from './files-query';

const LABELS: Partial<Record<keyof StoredFile, string>> = {
  file_id: 'File id',
  filename: 'Name',
  status: 'Status',
  service_store_type: 'Origin',
  file_type: 'Type',
  file_format: 'Format',
  mime_type: 'MIME type',
  width: 'Width',
  height: 'Height',
  duration: 'Duration',
  codec: 'Codec',
  frame_rate: 'Frame rate',
  bitrate_video_kb: 'Video bitrate (kb/s)',
  bitrate_audio_kb: 'Audio bitrate (kb/s)',
  is_varying_frame_rate: 'Variable frame rate',
  pixel_format: 'Pixel format',
  timebase: 'Time base',
  video_profile_level: 'Profile / level',
  sample_rate: 'Sample rate',
  channels: 'Channels',
  subtitle_tracks: 'Subtitle tracks',
  file_count: 'Files',
  size_mbytes: 'Size',
  size_compressed_mbytes: 'Zip size',
  is_private: 'Access',
  created_at: 'Added',
  original_file_url: 'Source URL',
  content_hash: 'Content hash',
  error_status: 'Error',
  command_id: 'Made by job',
  external_error_message: 'Error message',
};

/** Words an editor uses for the API's values (docs/gui.md, "Words"). */
function show(file: StoredFile, key: keyof StoredFile, value: unknown): string {
  if (key === 'status') return stateLabel(file);
  if (key === 'service_store_type') return value === 'OUTPUT' ? 'Job output' : 'Stored file';
  if (key === 'size_mbytes' || key === 'size_compressed_mbytes') return formatMbytes(value as number);
  if (key === 'created_at') return formatDateTime(value as string);
  if (key === 'is_private') return value ? 'Private' : 'Public';
  // "12.042449" read as a number to decode: the length as a player shows it, then the seconds to the millisecond.
  if (key === 'duration' && typeof value === 'number') return `${formatDuration(value)} (${Math.round(value * 1000) / 1000} s)`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Every ffprobe field the service returned, in a readable order; unknown extras at the end. */
export function MetadataList({ file }: { file: StoredFile }) {
  const known = (Object.keys(LABELS) as (keyof StoredFile)[]).filter((k) => file[k] !== undefined && file[k] !== null);
  const extra = Object.keys(file).filter((k) => !(k in LABELS) && k !== 'storage_url' && k !== 'is_deleted') as (keyof StoredFile)[];
  return (
    <dl className="meta" aria-label="Metadata">
      {[...known, ...extra].map((k) => [
        <dt key={`${k}-t`}>{LABELS[k] ?? k}</dt>,
        <dd key={`${k}-d`} className={k === 'file_id' ? 'mono' : undefined}>
          {show(file, k, file[k])}
        </dd>,
      ])}
    </dl>
  );
}
