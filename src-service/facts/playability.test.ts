import { describe, expect, it } from 'vitest';
import { playabilityOf } from './playability';
import { streamFactsOf } from './stream-facts';

const file = (formatName: string, streams: Record<string, unknown>[]) =>
  streamFactsOf({ format: { format_name: formatName, duration: '10' }, streams: streams.map((s, index) => ({ index, ...s })) });
const h264 = { codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p' };
const aac = { codec_type: 'audio', codec_name: 'aac' };
const MP4 = 'mov,mp4,m4a,3gp,3g2,mj2';

describe('whether Chromium plays a file', () => {
  it('when H.264/AAC is in MP4 or MOV, or VP9/Opus in WebM, then no proxy', () => {
    expect(playabilityOf(file(MP4, [h264, aac]), 'a.mp4')).toEqual({ playable: true });
    expect(playabilityOf(file(MP4, [h264, aac]), 'a.mov')).toEqual({ playable: true });
    expect(
      playabilityOf(
        file('matroska,webm', [
          { codec_type: 'video', codec_name: 'vp9' },
          { codec_type: 'audio', codec_name: 'opus' },
        ]),
        'a.webm',
      ),
    ).toEqual({ playable: true });
    expect(playabilityOf(file('mp3', [{ codec_type: 'audio', codec_name: 'mp3' }]), 'a.mp3')).toEqual({ playable: true });
  });

  it('when the video is HEVC, ProRes or 10-bit H.264, or the container MKV or AVI, then a proxy, with the reason', () => {
    expect(playabilityOf(file(MP4, [{ codec_type: 'video', codec_name: 'hevc' }, aac]), 'a.mp4')).toEqual({
      playable: false,
      reason: 'HEVC (H.265) video does not play in Chromium',
    });
    expect(playabilityOf(file(MP4, [{ codec_type: 'video', codec_name: 'prores' }]), 'a.mov')).toMatchObject({ reason: expect.stringMatching(/ProRes/) });
    expect(playabilityOf(file(MP4, [{ ...h264, pix_fmt: 'yuv420p10le' }]), 'a.mp4')).toMatchObject({
      playable: false,
      reason: expect.stringMatching(/yuv420p10le/),
    });
    expect(playabilityOf(file('matroska,webm', [h264, aac]), 'a.mkv')).toMatchObject({ playable: false, reason: expect.stringMatching(/\.mkv/) });
    expect(playabilityOf(file('avi', [h264]), 'a.avi')).toMatchObject({ playable: false });
    // In MKV or AVI, a codec Chromium never plays is the reason, not the container (a remux would not help).
    expect(playabilityOf(file('matroska,webm', [{ codec_type: 'video', codec_name: 'hevc' }, aac]), 'a.mkv')).toMatchObject({
      reason: 'HEVC (H.265) video does not play in Chromium',
    });
    expect(playabilityOf(file('avi', [{ codec_type: 'video', codec_name: 'mpeg4' }]), 'a.avi')).toMatchObject({
      reason: 'MPEG-4 Part 2 video does not play in Chromium',
    });
    expect(playabilityOf(file(MP4, [h264, { codec_type: 'audio', codec_name: 'ac3' }]), 'a.mp4')).toMatchObject({
      playable: false,
      reason: 'ac3 audio does not play in Chromium',
    });
  });

  it('when an audio file has a cover picture, then it counts as audio only', () => {
    const cover = { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    const facts = file('mp3', [{ codec_type: 'audio', codec_name: 'mp3' }, cover]);
    expect([facts.videoIndex, facts.firstVideoIndex]).toEqual([null, 1]);
    expect(playabilityOf(facts, 'song.mp3')).toEqual({ playable: true });
  });
});
