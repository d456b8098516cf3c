import { describe, expect, it } from 'vitest';
import { cutEvents, parseAss, parseSrt, readFormatOf, writeCut } from './subtitles';

describe('subtitle events through a cut', () => {
  it('reads SRT blocks (CRLF, positions after the times, several lines) and skips broken ones', () => {
    const text =
      '1\r\n00:00:01,000 --> 00:00:02,500 X1:10\r\nline one\r\nline two\r\n\r\n2\r\nnot a time\r\nlost\r\n\r\n3\r\n00:00:04,000 --> 00:00:03,000\r\nbackwards\r\n';
    expect(parseSrt(text)).toEqual([{ start: 1, end: 2.5, body: 'line one\nline two' }]);
  });

  it('reads ASS Dialogue lines with commas in their text, and keeps the header', () => {
    const { header, events } = parseAss(
      '[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 1,0:00:03.50,0:00:04.25,Yellow,,0,0,0,,a, b, c\n',
    );
    expect(header).toContain('[Script Info]');
    expect(header).toContain('Format: Layer');
    expect(events).toEqual([{ start: 3.5, end: 4.25, body: '1,Yellow,,0,0,0,,a, b, c' }]);
  });

  it('keeps what each span shows, trimmed at its edges, one span after the other', () => {
    const events = [
      { start: 1, end: 2.5, body: 'one' },
      { start: 3, end: 4, body: 'two' },
      { start: 5.5, end: 7, body: 'three' },
      { start: 8, end: 9, body: 'four' },
    ];
    const out = cutEvents(events, [
      { start: 3.5, end: 6 },
      { start: 8.2, end: 9.6 },
    ]);
    expect(out.map((e) => [e.body, +e.start.toFixed(6), +e.end.toFixed(6)])).toEqual([
      ['two', 0, 0.5],
      ['three', 2, 2.5],
      ['four', 2.5, 3.3],
    ]);
    // An event touching a span only at its edge is not kept.
    expect(cutEvents(events, [{ start: 2.5, end: 3 }])).toEqual([]);
  });

  it('writes SRT and ASS back with times from numbers, an empty cut as an empty track', () => {
    const srt = { codec: 'subrip', format: 'srt' as const, events: [{ start: 61.0405, end: 3725.5, body: 'hi' }] };
    expect(writeCut(srt, [{ start: 0, end: 4000 }])).toBe('1\n00:01:01,041 --> 01:02:05,500\nhi\n');
    expect(writeCut(srt, [{ start: 0, end: 1 }])).toBe('');
    const ass = {
      codec: 'ass',
      format: 'ass' as const,
      header: '[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      events: [{ start: 2, end: 3, body: '0,Default,,0,0,0,,x' }],
    };
    expect(writeCut(ass, [{ start: 1.5, end: 10 }])).toBe(`${ass.header}\nDialogue: 0,0:00:00.50,0:00:01.50,Default,,0,0,0,,x\n`);
  });

  it('reads text tracks as SRT (ASS for the ASS family); picture tracks not at all', () => {
    expect(['subrip', 'mov_text', 'webvtt', 'ass', 'ssa', 'hdmv_pgs_subtitle', 'dvd_subtitle'].map(readFormatOf)).toEqual([
      'srt',
      'srt',
      'srt',
      'ass',
      'ass',
      null,
      null,
    ]);
  });
});
