import { describe, expect, it } from 'vitest';
import { parseTrackChoices } from './track-store';

describe('parseTrackChoices', () => {
  it('when an entry was saved, then it reads back as it was, without its other fields', () => {
    const saved = { heard: 2, dropped: { audio: [1], subtitles: [] }, mix: true, shownSubtitles: 2, savedAt: 1 };
    expect(parseTrackChoices(JSON.stringify(saved))).toEqual({ heard: 2, dropped: { audio: [1], subtitles: [] }, mix: true, shownSubtitles: 2 });
    // An entry from before mixing and subtitles on screen existed reads as neither; a bad subtitle number as none.
    expect(parseTrackChoices(JSON.stringify({ ...saved, mix: undefined, shownSubtitles: undefined }))).toMatchObject({ mix: false, shownSubtitles: null });
    expect(parseTrackChoices(JSON.stringify({ ...saved, shownSubtitles: 0 }))?.shownSubtitles).toBeNull();
  });

  it('when an entry is not one (no entry, not JSON, no heard track, a track 0, a list that is not one), then there is none', () => {
    const ok = { heard: 2, dropped: { audio: [1], subtitles: [] } };
    for (const bad of [
      null,
      '',
      '{',
      JSON.stringify({ dropped: ok.dropped }),
      JSON.stringify({ ...ok, heard: 0 }),
      JSON.stringify({ ...ok, heard: 1.5 }),
      JSON.stringify({ ...ok, dropped: { audio: [0], subtitles: [] } }),
      JSON.stringify({ ...ok, dropped: { audio: ['1'], subtitles: [] } }),
      JSON.stringify({ ...ok, dropped: { audio: [] } }),
    ])
      expect(parseTrackChoices(bad), String(bad)).toBeNull();
  });
});
