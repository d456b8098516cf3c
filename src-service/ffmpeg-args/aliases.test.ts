import { describe, expect, it } from 'vitest';
import { ALIAS_PATTERN, UnknownAliasError, findAliases, substituteAliases, validateAliasUse } from './aliases';
import { parseFilterGraph } from './filtergraph';

describe('ALIAS_PATTERN', () => {
  it('when a placeholder names in_ or out_ plus letters, digits, underscores, then it is an alias', () => {
    for (const ok of ['{{in_1}}', '{{in_video}}', '{{in_img_1}}', '{{out_playlist_1}}', '{{out_A9}}']) expect(ALIAS_PATTERN.test(ok)).toBe(true);
    for (const bad of ['{{in_}}', '{{input_1}}', '{{out-1}}', '{{ in_1 }}', '{in_1}', '{{in_1.mp4}}']) expect(ALIAS_PATTERN.test(bad)).toBe(false);
  });
});

describe('findAliases', () => {
  it('when aliases sit anywhere inside tokens, then each is found once', () => {
    const tokens = ['-i', '{{in_1}}', '-vf', 'subtitles={{in_srt}},movie={{in_1}}', '[f=mp4]{{out_1}}|{{out_2}}'];
    expect(findAliases(tokens)).toEqual(new Set(['in_1', 'in_srt', 'out_1', 'out_2']));
  });
});

describe('substituteAliases', () => {
  const paths = { in_1: 'in_1/movie.mp4', in_srt: 'in_srt/movie.srt', out_1: 'out.mp4', out_2: 'out2.mkv' };

  it('when an alias is a whole argument or part of one, then it becomes its path', () => {
    expect(substituteAliases(['-i', '{{in_1}}', '-metadata', 'comment={{in_1}}', '{{out_1}}'], paths)).toEqual([
      '-i',
      'in_1/movie.mp4',
      '-metadata',
      'comment=in_1/movie.mp4',
      'out.mp4',
    ]);
  });

  it('when a simple path goes into a filter graph, then it is unchanged', () => {
    expect(substituteAliases(['-vf', 'subtitles={{in_srt}}'], paths)).toEqual(['-vf', 'subtitles=in_srt/movie.srt']);
  });

  it('when a path with filter-special characters goes into -vf, then ffmpeg reads back the exact path', () => {
    const path = "in_srt/it's: a,b [x];c\\d=e.srt";
    const [, graph] = substituteAliases(['-vf', 'subtitles={{in_srt}},scale=320:240'], { in_srt: path });
    expect(parseFilterGraph(graph as string)).toEqual([
      { name: 'subtitles', options: [{ key: null, value: path }] },
      {
        name: 'scale',
        options: [
          { key: null, value: '320' },
          { key: null, value: '240' },
        ],
      },
    ]);
  });

  it('when the alias is inside graph-level quotes, then the path still reads back exactly', () => {
    const path = "in_f/x'y:z, w.ttf";
    const [, graph] = substituteAliases(['-vf', "drawtext=text='hi':fontfile='{{in_f}}'"], { in_f: path });
    expect(parseFilterGraph(graph as string)[0]?.options).toEqual([
      { key: 'text', value: 'hi' },
      { key: 'fontfile', value: path },
    ]);
  });

  it('when the alias is inside option-level quotes, then the path still reads back exactly', () => {
    const path = "in_f/x'y:z.ttf";
    const [, graph] = substituteAliases(['-vf', "drawtext=fontfile=\\'{{in_f}}\\'"], { in_f: path });
    expect(parseFilterGraph(graph as string)[0]?.options).toEqual([{ key: 'fontfile', value: path }]);
  });

  it('when the alias is the graph of -f lavfi -i, or in -filter_complex, then it is escaped too', () => {
    const tokens = ['-f', 'lavfi', '-i', 'movie={{in_1}}', '-filter_complex', '[0:v]subtitles={{in_srt}}[v]', '-i', '{{in_1}}'];
    const out = substituteAliases(tokens, { in_1: 'in_1/a:b.mp4', in_srt: 'in_srt/c,d.srt' });
    expect(out[3]).toBe('movie=in_1/a\\\\:b.mp4'); // option level a\:b, then graph level escapes the backslash
    expect(out[5]).toBe('[0:v]subtitles=in_srt/c\\,d.srt[v]');
    expect(out[7]).toBe('in_1/a:b.mp4');
  });

  it('when an output name starts with -, then it gets ./ so ffmpeg cannot take it for an option', () => {
    expect(substituteAliases(['-i', '{{in_1}}', '{{out_1}}'], { ...paths, out_1: '-y.mp4' })).toEqual(['-i', 'in_1/movie.mp4', './-y.mp4']);
  });

  it('when an alias has no path, then UnknownAliasError names it', () => {
    expect(() => substituteAliases(['-i', '{{in_9}}'], paths)).toThrow(UnknownAliasError);
    expect(() => substituteAliases(['-i', '{{in_9}}'], paths)).toThrow('{{in_9}}');
  });
});

describe('validateAliasUse', () => {
  it('when every alias is declared and every output used, then there are no issues', () => {
    expect(validateAliasUse([['-i', '{{in_1}}', '{{out_1}}']], ['in_1'], ['out_1'])).toEqual([]);
  });

  it('when an alias is used but not declared, then the issue points at ffmpeg_command', () => {
    expect(validateAliasUse([['-i', '{{in_2}}', '{{out_1}}']], ['in_1'], ['out_1'])).toEqual([
      { loc: ['body', 'ffmpeg_command'], msg: '{{in_2}} is used but not declared in input_files', type: 'value_error' },
    ]);
  });

  it('when a chained command uses an undeclared alias, then the issue carries its index', () => {
    const issues = validateAliasUse(
      [
        ['-i', '{{in_1}}', '{{out_1}}'],
        ['-i', '{{out_1}}', '{{out_9}}'],
      ],
      ['in_1'],
      ['out_1'],
      'ffmpeg_commands',
    );
    expect(issues).toEqual([{ loc: ['body', 'ffmpeg_commands', 1], msg: '{{out_9}} is used but not declared in output_files', type: 'value_error' }]);
  });

  it('when a later chained command reads an earlier output, then that is allowed', () => {
    const commands = [
      ['-i', '{{in_1}}', '{{out_1}}'],
      ['-i', '{{out_1}}', '-vf', 'scale=320:-2', '{{out_2}}'],
    ];
    expect(validateAliasUse(commands, ['in_1'], ['out_1', 'out_2'], 'ffmpeg_commands')).toEqual([]);
  });

  it('when a declared output is used by no command, then the issue points at that output_files key', () => {
    expect(validateAliasUse([['-i', '{{in_1}}', '{{out_1}}']], ['in_1'], ['out_1', 'out_2'])).toEqual([
      { loc: ['body', 'output_files', 'out_2'], msg: 'Output {{out_2}} is not used by any command', type: 'value_error' },
    ]);
  });

  it('when a placeholder is not a valid alias name, then it is reported instead of passed to ffmpeg', () => {
    const issues = validateAliasUse([['-i', '{{input_1}}', '{{out_1}}']], ['in_1'], ['out_1']);
    expect(issues).toEqual([{ loc: ['body', 'ffmpeg_command'], msg: expect.stringContaining('{{input_1}} is not a valid alias'), type: 'value_error' }]);
  });

  it('when the same undeclared alias appears twice in a command, then it is reported once', () => {
    expect(validateAliasUse([['-i', '{{in_2}}', '-i', '{{in_2}}', '{{out_1}}']], [], ['out_1'])).toHaveLength(1);
  });
});
