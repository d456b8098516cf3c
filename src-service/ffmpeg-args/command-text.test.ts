import { describe, expect, it } from 'vitest';
import { CommandTextError, splitCommandText } from './command-text';

describe('splitCommandText', () => {
  it('when arguments are separated by any whitespace, then each is one token', () => {
    expect(splitCommandText('  -i\t{{in_1}}\n -c:v  copy {{out_1}} ')).toEqual(['-i', '{{in_1}}', '-c:v', 'copy', '{{out_1}}']);
  });

  it('when the text is empty or blank, then there are no tokens', () => {
    expect(splitCommandText('')).toEqual([]);
    expect(splitCommandText(' \n ')).toEqual([]);
  });

  it('when a thumbnails filter is double-quoted with single quotes inside, then the argv is what a shell gives', () => {
    const text = `-vf "select='lte(t,60)*gt(trunc(t/10),trunc(prev_t/10))',setpts='PTS*0.025',scale=trunc(oh*a/2)*2:320:force_original_aspect_ratio=decrease,pad=trunc(oh*a/2)*2:320:-1:-1" -an -vsync vfr {{out_1}}`;
    expect(splitCommandText(text)).toEqual([
      '-vf',
      "select='lte(t,60)*gt(trunc(t/10),trunc(prev_t/10))',setpts='PTS*0.025',scale=trunc(oh*a/2)*2:320:force_original_aspect_ratio=decrease,pad=trunc(oh*a/2)*2:320:-1:-1",
      '-an',
      '-vsync',
      'vfr',
      '{{out_1}}',
    ]);
  });

  it('when a split filter graph feeds two outputs, then labels and semicolons stay in one token', () => {
    const text = '-filter_complex "[0:v]split=2[a][b];[a]scale=-2:320[x];[b]scale=-2:180[y]" -map [x] {{out_1}} -map [y] {{out_2}}';
    expect(splitCommandText(text)).toEqual([
      '-filter_complex',
      '[0:v]split=2[a][b];[a]scale=-2:320[x];[b]scale=-2:180[y]',
      '-map',
      '[x]',
      '{{out_1}}',
      '-map',
      '[y]',
      '{{out_2}}',
    ]);
  });

  it('when aliases appear inside an argument, then they are kept as written', () => {
    expect(splitCommandText('-i {{in_1}} -vf subtitles={{in_srt}} {{out_1}}')).toEqual(['-i', '{{in_1}}', '-vf', 'subtitles={{in_srt}}', '{{out_1}}']);
  });

  it('when a glob is single-quoted, then it reaches ffmpeg unexpanded', () => {
    expect(splitCommandText("-pattern_type glob -i '*.png'")).toEqual(['-pattern_type', 'glob', '-i', '*.png']);
  });

  it('when an unquoted glob or $VAR is written, then it stays literal (there is no shell)', () => {
    expect(splitCommandText('-i *.png $HOME `id` a|b >c')).toEqual(['-i', '*.png', '$HOME', '`id`', 'a|b', '>c']);
  });

  it('when drawtext text is single-quoted inside double quotes, then the inner quotes are kept', () => {
    expect(splitCommandText(`-vf "drawtext=text='Hello World':fontsize=24"`)).toEqual(['-vf', "drawtext=text='Hello World':fontsize=24"]);
  });

  it('when quoted parts touch unquoted ones, then they concatenate into one word', () => {
    expect(splitCommandText(`a'b c'd "e f"g`)).toEqual(['ab cd', 'e fg']);
  });

  it('when quotes are empty, then they make an empty argument', () => {
    expect(splitCommandText(`-metadata title= '' ""`)).toEqual(['-metadata', 'title=', '', '']);
  });

  it('when single quotes hold backslashes and double quotes, then all is literal', () => {
    expect(splitCommandText(`'a\\b "c" $d'`)).toEqual(['a\\b "c" $d']);
  });

  it('when a backslash is inside double quotes, then it escapes only $ ` " \\ and newline', () => {
    expect(splitCommandText('"a\\$b \\`c\\` \\"d\\" e\\\\f g\\:h \\n"')).toEqual(['a$b `c` "d" e\\f g\\:h \\n']);
  });

  it('when a backslash is outside quotes, then it escapes the next character', () => {
    expect(splitCommandText('a\\ b \\"c\\" \\\\d \\:e')).toEqual(['a b', '"c"', '\\d', ':e']);
  });

  it('when a backslash ends a line, then the line continues', () => {
    expect(splitCommandText('-i {{in_1}} \\\n  -c copy \\\r\n {{out_1}}')).toEqual(['-i', '{{in_1}}', '-c', 'copy', '{{out_1}}']);
    expect(splitCommandText('ab\\\ncd "e\\\nf"')).toEqual(['abcd', 'ef']);
  });

  it('when braces are backslash-escaped anywhere, then they become plain braces (docs/choices.md, Requests)', () => {
    expect(splitCommandText('-i \\{\\{in_1\\}\\} "\\{\\{out_1\\}\\}" \'\\{\\{in_2\\}\\}\'')).toEqual(['-i', '{{in_1}}', '{{out_1}}', '{{in_2}}']);
  });

  it('when a single quote opens inside a filtergraph value, then it is ffmpeg quoting and is kept (docs/compatibility.md)', () => {
    expect(splitCommandText(String.raw`-vf select='lte(n\,1)',scale=-2:160 -lavfi a='b c'`)).toEqual([
      '-vf',
      String.raw`select='lte(n\,1)',scale=-2:160`,
      '-lavfi',
      "a='b c'",
    ]);
    expect(splitCommandText("-filter:v:0 a='x' -filter_complex [0]b='y'[v]")).toEqual(['-filter:v:0', "a='x'", '-filter_complex', "[0]b='y'[v]"]);
  });

  it('when a filtergraph value starts with a quote or the option is not a filtergraph, then the shell rules apply', () => {
    expect(splitCommandText("-vf 'scale=320:-2' -metadata title='My Movie' -map '[v]' -filter_complex_script a='b'")).toEqual([
      '-vf',
      'scale=320:-2',
      '-metadata',
      'title=My Movie',
      '-map',
      '[v]',
      '-filter_complex_script',
      'a=b',
    ]);
  });

  it('when an ffmpeg-quoted filter value is never closed, then a CommandTextError gives its position', () => {
    expect(catchError(() => splitCommandText("-vf a='b"))).toMatchObject({ position: 6 });
  });

  it('when a double quote is never closed, then a CommandTextError gives its position', () => {
    const error = catchError(() => splitCommandText('-vf "scale=1:2 out.mp4'));
    expect(error).toBeInstanceOf(CommandTextError);
    expect(error).toMatchObject({ position: 4, message: expect.stringContaining('Unterminated double quote') });
  });

  it('when a single quote is never closed, then a CommandTextError gives its position', () => {
    expect(catchError(() => splitCommandText("-i 'a.mp4"))).toMatchObject({ name: 'CommandTextError', position: 3 });
  });

  it('when the text ends with a backslash, then a CommandTextError points at it', () => {
    expect(catchError(() => splitCommandText('-i a.mp4 \\'))).toMatchObject({ position: 9, message: expect.stringContaining('Trailing backslash') });
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
