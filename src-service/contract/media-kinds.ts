import { z } from 'zod';

/**
 * What a preset input reads, and the file extensions that stand for it (docs/presets.md,
 * "Watch folders"). A watch folder takes only files with these extensions; the GUI shows the
 * same list as the folder's default, so both agree on what "a video preset" accepts.
 */
export const MEDIA_KINDS = ['video', 'audio', 'image', 'subtitles'] as const;
export const MediaKind = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKind>;

export const KIND_EXTENSIONS: Record<MediaKind, readonly string[]> = {
  video: ['mp4', 'm4v', 'mov', 'mkv', 'webm', 'avi', 'wmv', 'flv', 'mpg', 'mpeg', 'ts', 'mts', 'm2ts', 'mxf', '3gp', 'ogv', 'gif'],
  audio: ['mp3', 'm4a', 'aac', 'wav', 'flac', 'ogg', 'oga', 'opus', 'wma', 'aif', 'aiff', 'ac3'],
  image: ['png', 'jpg', 'jpeg', 'webp', 'bmp', 'tif', 'tiff', 'avif', 'heic'],
  subtitles: ['srt', 'ass', 'ssa', 'vtt'],
};

/** An input that declares no kinds reads any media ffmpeg decodes: video, audio or a picture (not text). */
export const DEFAULT_INPUT_KINDS: readonly MediaKind[] = ['video', 'audio', 'image'];

/** An extension as a watch folder compares it: lower case, no dot. */
export const FILE_EXTENSION = /^[a-z0-9]{1,10}$/;

export function extensionsForKinds(kinds: readonly MediaKind[] | undefined): string[] {
  const chosen = kinds && kinds.length > 0 ? kinds : DEFAULT_INPUT_KINDS;
  return [...new Set(chosen.flatMap((k) => KIND_EXTENSIONS[k]))];
}

/** The extension of a file name as compared with a list (`Clip.MP4` -> `mp4`); '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
