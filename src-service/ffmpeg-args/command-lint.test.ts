import { describe, expect, it } from 'vitest';
import { filterNames, lintCommand, tokenize, type CommandVocab } from './command-lint';

const vocab: CommandVocab = {
  options: new Set(['i', 'c', 'vf', 'af', 'filter_complex', 'filter', 'map', 'crf', 'preset', 'fps_mode', 'stdin', 'movflags', 'an', 't', 'ss']),
  encoders: new Set(['libx264', 'libx265', 'aac', 'h264_nvenc']),
  filters: new Set(['scale', 'select', 'setpts', 'split', 'overlay', 'xfade', 'pad', 'fps']),
};
const at = (text: string, needle: string) => [text.indexOf(needle), text.indexOf(needle) + needle.length];

describe('lintCommand', () => {
  it('when the command is right, then nothing is flagged (aliases, stream specifiers, -no prefixes, quoted graphs)', () => {
    const text = `-nostdin -i {{in_1}} -vf "select='lte(n\\,1)+gt(trunc(t/10),trunc(prev_t/10))',scale=-2:160" -c:v libx264 -crf 23 -c:a copy -map -0:s -an {{out_1}}`;
    expect(lintCommand(text, vocab)).toEqual([]);
    expect(lintCommand('-i {{in_1}} -filter_complex [0:v][1:v]overlay=W-w-16:16[v];[v]split=2[a][b] {{out_1}}', vocab)).toEqual([]);
  });

  it('when a filter, an encoder or an option is misspelt, then it is underlined where it is written, with the closest real name', () => {
    const text = '-i {{in_1}} -vf fps=10,scael=320:-2 -c:v libx265x -fps_mod vfr {{out_1}}';
    expect(lintCommand(text, vocab)).toEqual([
      {
        kind: 'filter',
        name: 'scael',
        from: at(text, 'scael')[0],
        to: at(text, 'scael')[1],
        suggestion: 'scale',
        message: "No such filter: 'scael' — did you mean scale?",
      },
      {
        kind: 'encoder',
        name: 'libx265x',
        from: at(text, 'libx265x')[0],
        to: at(text, 'libx265x')[1],
        suggestion: 'libx265',
        message: 'Unknown encoder libx265x — did you mean libx265?',
      },
      {
        kind: 'option',
        name: 'fps_mod',
        from: at(text, 'fps_mod')[0],
        to: at(text, 'fps_mod')[1],
        suggestion: 'fps_mode',
        message: 'Unknown option -fps_mod — did you mean -fps_mode?',
      },
    ]);
  });

  it('when a source of -f lavfi is misspelt, then it is flagged like a filter, as the service reads it as a graph', () => {
    const text = '-f lavfi -i colr=c=red:size=32x32 -f lavfi -i "anullsrc" -frames:v 1 {{out_1}}';
    const withSources: CommandVocab = {
      ...vocab,
      options: new Set([...vocab.options, 'f', 'frames']),
      filters: new Set([...vocab.filters, 'color', 'anullsrc']),
    };
    expect(lintCommand(text, withSources)).toEqual([
      {
        kind: 'filter',
        name: 'colr',
        from: at(text, 'colr')[0],
        to: at(text, 'colr')[1],
        suggestion: 'color',
        message: "No such filter: 'colr' — did you mean color?",
      },
    ]);
    expect(lintCommand('-i colr.mp4 {{out_1}}', withSources)).toEqual([]);
  });

  it('when nothing is close, then the issue has no suggestion', () => {
    expect(lintCommand('-i {{in_1}} -vf "zzzzzzzz" {{out_1}}', vocab)).toEqual([
      expect.objectContaining({ name: 'zzzzzzzz', suggestion: null, message: "No such filter: 'zzzzzzzz'" }),
    ]);
  });
});

describe('tokenize / filterNames', () => {
  it('keeps quoted spaces inside one token and skips labels and quoted arguments', () => {
    expect(tokenize('-vf "a b" x').map((t) => t.raw)).toEqual(['-vf', '"a b"', 'x']);
    expect(filterNames("[0:v]split=2[a][b];[a]scale=1:2[x],select='gt(a,b)'").map((f) => f.name)).toEqual(['split', 'scale', 'select']);
  });
});
