/** The formats and codecs the convert panel offers, in an editor's words. Pure data. */

export type Container = 'mp4' | 'mov' | 'mkv' | 'webm' | 'gif' | 'mp3' | 'm4a' | 'wav';
/** A software codec, or the name of a hardware encoder that works here (h264_nvenc …). */
export type VideoCodec = 'h264' | 'h265' | 'av1' | 'vp9' | 'prores' | 'copy' | (string & {});

export const CONTAINERS: Record<Container, { label: string; extension: string; kind: 'video' | 'gif' | 'audio'; hint: string }> = {
  mp4: { label: 'MP4', extension: 'mp4', kind: 'video', hint: 'plays everywhere' },
  mov: { label: 'MOV', extension: 'mov', kind: 'video', hint: 'QuickTime, for editing' },
  mkv: { label: 'MKV', extension: 'mkv', kind: 'video', hint: 'keeps every track' },
  webm: { label: 'WebM', extension: 'webm', kind: 'video', hint: 'for the web' },
  gif: { label: 'GIF', extension: 'gif', kind: 'gif', hint: 'looping, no sound' },
  mp3: { label: 'MP3', extension: 'mp3', kind: 'audio', hint: 'audio only' },
  m4a: { label: 'M4A', extension: 'm4a', kind: 'audio', hint: 'AAC audio only' },
  wav: { label: 'WAV', extension: 'wav', kind: 'audio', hint: 'uncompressed audio' },
};

export const CONTAINER_ORDER = Object.keys(CONTAINERS) as Container[];

export const VIDEO_CODECS: Record<string, { label: string; hint: string }> = {
  h264: { label: 'H.264', hint: 'plays everywhere' },
  h265: { label: 'H.265 (HEVC)', hint: 'about half the size of H.264, slower' },
  av1: { label: 'AV1', hint: 'smallest, newest players' },
  vp9: { label: 'VP9', hint: 'web, smaller than H.264' },
  prores: { label: 'ProRes', hint: 'for editing; very large' },
  copy: { label: 'Copy (no re-encode)', hint: 'fast, picture untouched' },
};

const SOFTWARE: Partial<Record<Container, string[]>> = {
  mp4: ['h264', 'h265', 'av1', 'copy'],
  mov: ['h264', 'h265', 'prores', 'copy'],
  mkv: ['h264', 'h265', 'av1', 'vp9', 'prores', 'copy'],
  webm: ['vp9', 'av1'],
};

/** The codecs a container can hold, software first; hardware encoders go where their codec fits. */
export function codecsFor(container: Container, hardware: string[] = []): VideoCodec[] {
  const soft = SOFTWARE[container] ?? [];
  const hw = hardware.filter((e) => soft.includes(hardwareFamily(e)));
  return [...soft, ...hw];
}

/** h264_nvenc → h264, hevc_qsv → h265, av1_nvenc → av1 … */
export function hardwareFamily(encoder: string): string {
  const family = encoder.split('_')[0] ?? '';
  return family === 'hevc' ? 'h265' : family;
}

export function codecLabel(codec: VideoCodec): string {
  return VIDEO_CODECS[codec]?.label ?? `${VIDEO_CODECS[hardwareFamily(codec)]?.label ?? codec} on the GPU (${codec})`;
}

/** Resolution presets (picture height). 0 = as the source. */
export const HEIGHTS: { value: number; label: string }[] = [
  { value: 0, label: 'Same as source' },
  { value: 2160, label: '2160p (4K)' },
  { value: 1080, label: '1080p' },
  { value: 720, label: '720p' },
  { value: 480, label: '480p' },
];

/** Loudness targets an editor meets. */
export const LOUDNESS_TARGETS: { value: number; label: string }[] = [
  { value: -14, label: '−14 LUFS (streaming: YouTube, Spotify)' },
  { value: -16, label: '−16 LUFS (podcasts, Apple)' },
  { value: -23, label: '−23 LUFS (broadcast, EBU R128)' },
  { value: -24, label: '−24 LUFS (broadcast US, ATSC A/85)' },
];

/** The words under the quality slider. */
export function qualityWords(quality: number): string {
  if (quality < 20) return 'Smallest file, visibly softer';
  if (quality < 45) return 'Small file, good for sharing';
  if (quality < 70) return 'Balanced';
  if (quality < 90) return 'High quality, larger file';
  return 'Best quality, largest file';
}
