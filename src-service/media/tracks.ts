import { contentStreams } from './file-kind';
import { toNumber, type ProbeResult, type ProbeStream } from './probe-schema';

/*
 * The audio and subtitle tracks of a probed file, numbered as the API counts them (docs/api.md,
 * "File facts"; docs/cutting.md, "Choosing tracks"): from 1, among the streams of that kind only.
 */

export interface AudioTrackFacts {
  /** 1-based, in the file's order of audio streams (ffmpeg `0:a:<track-1>`). */
  track: number;
  codec: string;
  channels: number | null;
  language: string | null;
  title: string | null;
}

const tag = (s: ProbeStream, name: string): string | null => {
  const v = s.tags?.[name];
  return typeof v === 'string' && v.trim() !== '' && v !== 'und' ? v.trim() : null;
};

/** An MP4 track's handler name where a muxer put the track's name there, not a generic "SoundHandler". */
const namedHandler = (s: ProbeStream): string | null => {
  const h = tag(s, 'handler_name');
  return h && !/handler|core media|^sound$|^audio$/i.test(h) ? h : null;
};

/** Every audio track of a probed file, in order (a cover picture is not a stream here). Pure. */
export function audioTracksOf(probe: ProbeResult): AudioTrackFacts[] {
  return contentStreams(probe)
    .filter((s) => s.codec_type === 'audio')
    .map((s, i) => ({
      track: i + 1,
      codec: s.codec_name ?? 'unknown',
      channels: toNumber(s.channels) ?? null,
      language: tag(s, 'language'),
      title: tag(s, 'title') ?? namedHandler(s),
    }));
}

/** Subtitle codecs that are pictures (Blu-ray PGS, DVD, DVB), not text: only Matroska keeps them, copied (docs/cutting.md, "Subtitles"). */
export const PICTURE_SUBTITLES = new Set(['hdmv_pgs_subtitle', 'dvd_subtitle', 'dvb_subtitle']);

export interface SubtitleTrackFacts {
  /** 1-based, in the file's order of subtitle streams (ffmpeg `0:s:<track-1>`). */
  track: number;
  codec: string;
  language: string | null;
  title: string | null;
  /** Made of pictures (PICTURE_SUBTITLES), not text. */
  isPicture: boolean;
}

/** Every subtitle track of a probed file, in order. Pure. */
export function subtitleTracksOf(probe: ProbeResult): SubtitleTrackFacts[] {
  return (probe.streams ?? [])
    .filter((s) => s.codec_type === 'subtitle')
    .map((s, i) => {
      const codec = s.codec_name ?? 'unknown';
      return { track: i + 1, codec, language: tag(s, 'language'), title: tag(s, 'title'), isPicture: PICTURE_SUBTITLES.has(codec) };
    });
}

/** What to say of track number `track` past the `count` tracks of its kind: "The file has 2 audio tracks, not 3", "The input has no subtitle track". Pure. */
export function noSuchTrack(owner: 'file' | 'input', kind: 'audio' | 'subtitle', count: number, track: number): string {
  return count === 0 ? `The ${owner} has no ${kind} track` : `The ${owner} has ${count} ${kind} track${count === 1 ? '' : 's'}, not ${track}`;
}
