import { ConflictError } from '../errors';
import { noSuchTrack, type AudioTrackFacts } from '../media/tracks';
import { MP4_AUDIO } from './playability';

/*
 * The sound of one audio track, to listen to beside the picture (docs/gui.md, "Audio tracks"):
 * a player plays the first audio track of a video (Chromium switches tracks only behind a flag),
 * so the clip view plays any other track from this file, kept in step with the picture.
 */

/** Cached beside the file's other facts; the fact URL route serves it (fact-urls.ts). */
export const soundFile = (track: number): string => `sound${track}.m4a`;
/** Written when the sound could not be made, so it is not tried at every ask. */
export const soundState = (track: number): string => `sound${track}.json`;
export const SOUND_FILE_NAME = /^sound([1-9]|[1-5]\d|6[0-4])\.m4a$/;

/** The 409 of a track the file does not have (loudness and sound ask alike). */
export function assertTrack(count: number, track: number): void {
  if (track > count) throw new ConflictError(noSuchTrack('file', 'audio', count, track));
}

/**
 * ffmpeg arguments of one track's sound as an MP4 audio file Chromium plays: the packets copied
 * where MP4 holds the codec and Chromium plays it (AAC, MP3, Opus, FLAC), else AAC. Its times
 * count from the container's start, as the picture's do (proxy.ts), so both run on one clock. Pure.
 */
export function soundArgv(input: string, track: AudioTrackFacts, output: string): string[] {
  const codec = MP4_AUDIO.has(track.codec) ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k', '-ac', '2'];
  return [
    '-v',
    'error',
    '-nostdin',
    '-i',
    input,
    '-map',
    `0:a:${track.track - 1}`,
    ...codec,
    '-vn',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    output,
  ];
}
