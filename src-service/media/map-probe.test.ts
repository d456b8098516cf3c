import { describe, expect, it } from 'vitest';
import { mapProbe, mimeTypeFor, parseProbeJson } from './probe';

/** Hand-written ffprobe JSON, only for cases real tiny media cannot produce (N/A, missing fields). */
describe('mapProbe edge cases', () => {
  it('when ffprobe could not read the file, then only the basic fields are set', () => {
    expect(mapProbe(null, 'Movie.MP4', 1048576)).toEqual({ file_type: 'other', file_format: 'mp4', mime_type: 'video/mp4', size_mbytes: 1 });
    expect(mapProbe(null, 'README', 10)).toEqual({ file_type: 'other', mime_type: 'application/octet-stream', size_mbytes: 0.00001 });
    expect(mapProbe(null, 'a.vtt', 0)).toMatchObject({ file_type: 'subtitles', mime_type: 'text/vtt' });
    expect(mapProbe(null, 'index.mpd', 0)).toMatchObject({ file_type: 'output_manifest', mime_type: 'application/dash+xml' });
  });

  it('leaves out N/A and missing values instead of writing null', () => {
    const probe = parseProbeJson(
      JSON.stringify({
        streams: [
          {
            codec_type: 'video',
            codec_name: 'h264',
            width: 640,
            height: 360,
            r_frame_rate: '0/0',
            avg_frame_rate: '0/0',
            bit_rate: 'N/A',
            profile: 'High',
            level: 40,
          },
        ],
        format: { format_name: 'mpegts', duration: 'N/A', bit_rate: 'N/A' },
      }),
    );
    const m = mapProbe(probe, 'live.ts', 0);
    expect(m).toEqual({
      file_type: 'video',
      file_format: 'ts',
      mime_type: 'video/mp2t',
      size_mbytes: 0,
      width: 640,
      height: 360,
      codec: 'h264',
      is_varying_frame_rate: false,
      video_profile_level: 'High@4.0',
      subtitle_tracks: 0,
    });
  });

  it('counts the subtitle streams of a video, a cover picture aside', () => {
    const probe = parseProbeJson(
      JSON.stringify({
        streams: [
          { codec_type: 'video', codec_name: 'h264', width: 640, height: 360 },
          { codec_type: 'subtitle', codec_name: 'subrip' },
          { codec_type: 'subtitle', codec_name: 'ass' },
          { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
        ],
        format: { format_name: 'matroska,webm', duration: '3.0' },
      }),
    );
    expect(mapProbe(probe, 'film.mkv', 0).subtitle_tracks).toBe(2);
  });

  it('formats HEVC levels and rounds NTSC frame rates', () => {
    const probe = parseProbeJson(
      JSON.stringify({
        streams: [{ codec_type: 'video', codec_name: 'hevc', profile: 'Main 10', level: 93, r_frame_rate: '30000/1001', avg_frame_rate: '30000/1001' }],
        format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.010000' },
      }),
    );
    expect(mapProbe(probe, 'x.mov', 0)).toMatchObject({
      file_type: 'video',
      video_profile_level: 'Main 10@3.1',
      frame_rate: 29.97,
      duration: 10.01,
      is_varying_frame_rate: false,
    });
  });

  it('uses the format bitrate only for a file with a single stream, and a BPS tag when present', () => {
    const audioOnly = parseProbeJson(
      JSON.stringify({
        streams: [{ codec_type: 'audio', codec_name: 'opus', sample_rate: '48000', channels: 2 }],
        format: { format_name: 'ogg', bit_rate: '96000' },
      }),
    );
    expect(mapProbe(audioOnly, 'a.opus', 0)).toMatchObject({ file_type: 'audio', bitrate_audio_kb: 96, sample_rate: 48000, channels: 2 });
    const tagged = parseProbeJson(
      JSON.stringify({
        streams: [
          { codec_type: 'video', codec_name: 'vp9', tags: { BPS: '1200000' } },
          { codec_type: 'audio', codec_name: 'opus' },
        ],
        format: { format_name: 'matroska,webm', bit_rate: '1300000' },
      }),
    );
    const m = mapProbe(tagged, 'v.webm', 0);
    expect(m).toMatchObject({ bitrate_video_kb: 1200 });
    expect('bitrate_audio_kb' in m).toBe(false);
  });

  it('keeps unknown keys and accepts numbers printed as numbers', () => {
    const probe = parseProbeJson('{"streams":[{"codec_type":"audio","sample_rate":44100,"side_data_list":[]}],"format":{"duration":3,"probe_score":100}}');
    expect(probe.format?.probe_score).toBe(100);
    expect(mapProbe(probe, 'x.m4a', 0)).toMatchObject({ file_type: 'audio', sample_rate: 44100, duration: 3, mime_type: 'audio/mp4' });
  });

  it('rejects output that is not ffprobe JSON', () => {
    expect(() => parseProbeJson('not json')).toThrow(/invalid JSON/);
    expect(() => parseProbeJson('{"streams": 5}')).toThrow(/unexpected shape/);
  });
});

describe('mimeTypeFor', () => {
  it('maps the known extensions case-insensitively and defaults to octet-stream', () => {
    expect(mimeTypeFor('a.MP4')).toBe('video/mp4');
    expect(mimeTypeFor('/some/dir/seg_001.m4s')).toBe('video/iso.segment');
    expect(mimeTypeFor('x.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(mimeTypeFor('x.mpd')).toBe('application/dash+xml');
    expect(mimeTypeFor('x.jpeg')).toBe('image/jpeg');
    expect(mimeTypeFor('x.html')).toBe('application/octet-stream');
    expect(mimeTypeFor('noext')).toBe('application/octet-stream');
  });
});
