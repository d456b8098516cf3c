import { describe, expect, it } from 'vitest';
import { heardOnly, NO_TRACK_DROPPED, toggled, trackFields, trackProblem } from './export-tracks';

const audio = [{ audio_track: 1 }, { audio_track: 2 }, { audio_track: 3 }];
const subs = [{ subtitle_track: 1 }, { subtitle_track: 2 }];

describe('trackFields', () => {
  it('sends no list while every track is kept, and the kept ones once one is left out', () => {
    expect(trackFields(audio, subs, NO_TRACK_DROPPED)).toEqual({});
    expect(trackFields(audio, subs, { audio: [1], subtitles: [] })).toEqual({ audio_tracks: [2, 3] });
    expect(trackFields(audio, subs, { audio: [1, 2, 3], subtitles: [2] })).toEqual({ audio_tracks: [], subtitle_tracks: [1] });
  });

  it('asks for a mix only where two tracks or more are kept', () => {
    expect(trackFields(audio, subs, NO_TRACK_DROPPED, true)).toEqual({ mix_audio: true });
    expect(trackFields(audio, subs, { audio: [3], subtitles: [] }, true)).toEqual({ audio_tracks: [1, 2], mix_audio: true });
    expect(trackFields(audio, subs, { audio: [1, 3], subtitles: [] }, true)).toEqual({ audio_tracks: [2] });
  });

  it('ignores a left-out track the file does not have', () => {
    expect(trackFields(audio.slice(0, 1), [], { audio: [2], subtitles: [1] })).toEqual({});
  });
});

describe('heardOnly (T)', () => {
  it('keeps only the track heard, then every track again', () => {
    const only2 = heardOnly(audio, NO_TRACK_DROPPED, 2);
    expect(only2.audio).toEqual([1, 3]);
    expect(heardOnly(audio, only2, 2).audio).toEqual([]);
  });

  it('from another choice, or after listening to another track, keeps only the one heard', () => {
    expect(heardOnly(audio, { audio: [3], subtitles: [1] }, 1)).toEqual({ audio: [2, 3], subtitles: [1] });
    expect(heardOnly(audio, { audio: [1, 3], subtitles: [] }, 1).audio).toEqual([2, 3]);
  });
});

describe('toggled', () => {
  it('leaves a track out, then keeps it again', () => {
    expect(toggled([3], 1)).toEqual([1, 3]);
    expect(toggled([1, 3], 1)).toEqual([3]);
  });
});

describe('trackProblem', () => {
  it('a sound-only file needs a sound track; a one-track file, one', () => {
    expect(trackProblem('cut.m4a', 2, 0)).toMatch(/holds sound only/);
    expect(trackProblem('cut.MP3', 2, 2)).toMatch(/one sound track: press T/);
    expect(trackProblem('cut.mka', 2, 2)).toBeNull();
    expect(trackProblem('cut.mp3', 2, 1)).toBeNull();
    expect(trackProblem('cut.mp3', 2, 2, true)).toBeNull();
  });

  it('a video file may drop every sound track; a file without sound has nothing to choose', () => {
    expect(trackProblem('cut.mp4', 2, 0)).toBeNull();
    expect(trackProblem('cut.wav', 0, 0)).toBeNull();
  });
});
