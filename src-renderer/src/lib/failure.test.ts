import { describe, expect, it } from 'vitest';
import { failureTitle, failureWords, splitOnWord, summarizeFailure } from './failure';

describe('failure summary', () => {
  it("when the message leads with ffmpeg's line and a suggestion, then lead, word and suggestion are found", () => {
    const s = summarizeFailure("No such filter: 'scael' — did you mean 'scale'?\n[AVFilterGraph] Error initializing filters\nConversion failed!");
    expect(s.lead).toBe("No such filter: 'scael' — did you mean 'scale'?");
    expect(s.word).toBe('scael');
    expect(s.suggestion).toBe('scale');
    expect(s.details).toBe('[AVFilterGraph] Error initializing filters\nConversion failed!');
  });

  it('when an option is unknown, then the dash is not part of the word; no quotes, no word', () => {
    expect(summarizeFailure("Unrecognized option 'vff'.").word).toBe('vff');
    expect(summarizeFailure('Conversion failed!')).toEqual({ lead: 'Conversion failed!', details: '' });
    expect(summarizeFailure(null).lead).toBe('');
  });

  it('when the message is a generic first line and the whole stderr, then the decisive line is found in it', () => {
    const s = summarizeFailure(
      "ffmpeg exited with code 1:\nInput #0, lavfi, from 'testsrc':\nStream mapping:\n[AVFilterGraph @ 0x3efff100] No such filter: 'scael'\nError reinitializing filters!\nConversion failed!",
    );
    expect(s.lead).toBe("No such filter: 'scael'");
    expect(s.word).toBe('scael');
    expect(s.details).toContain('ffmpeg exited with code 1:');
  });

  it('marks whole words only', () => {
    expect(splitOnWord('-vf scael,scaele scael', 'scael')).toEqual([
      { text: '-vf ', isMatch: false },
      { text: 'scael', isMatch: true },
      { text: ',scaele ', isMatch: false },
      { text: 'scael', isMatch: true },
    ]);
  });
});

describe('failure words', () => {
  it("names each failure kind in the editor's words, long on the job page and short in the list; an unknown kind as it is", () => {
    expect(failureTitle('TIMEOUT')).toBe('The job ran out of time');
    expect(failureWords('PROCESSING_ERROR')).toBe('ffmpeg error');
    expect(failureWords('SOMETHING_NEW')).toBe('something new');
    expect(failureTitle('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(failureWords(null)).toBeNull();
  });
});
