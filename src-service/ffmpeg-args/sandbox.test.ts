import { describe, expect, it } from 'vitest';
import { splitCommandText } from './command-text';
import { parseFilterGraph, readToken } from './filtergraph';
import { checkListFileText, checkSandbox, sniffListFileKind } from './sandbox';

const check = (text: string) => checkSandbox(splitCommandText(text));

describe('parseFilterGraph (as libavfilter reads a graph)', () => {
  it('when a graph has chains, labels, named and positional options, then each filter has its values', () => {
    expect(parseFilterGraph("[0:v] split=2 [a][b]; [a]scale=w=320:h=-2[x];[b] drawtext=text='a, b':fontsize=24 [y]")).toEqual([
      { name: 'split', options: [{ key: null, value: '2' }] },
      {
        name: 'scale',
        options: [
          { key: 'w', value: '320' },
          { key: 'h', value: '-2' },
        ],
      },
      {
        name: 'drawtext',
        options: [
          { key: 'text', value: 'a, b' },
          { key: 'fontsize', value: '24' },
        ],
      },
    ]);
  });

  it('when a value is escaped at both levels, then it is unescaped twice', () => {
    expect(parseFilterGraph('movie=C\\\\\\:/x.mp4,null')[0]?.options).toEqual([{ key: null, value: 'C:/x.mp4' }]);
  });

  it('when an option name starts with /, then the key keeps it (ffmpeg loads the value from a file)', () => {
    expect(parseFilterGraph('drawtext=/text=t.txt')[0]?.options).toEqual([{ key: '/text', value: 't.txt' }]);
  });

  it('when a quote or label is never closed, then the parser still ends without throwing', () => {
    expect(() => parseFilterGraph("[a scale='1:2")).not.toThrow();
    expect(() => parseFilterGraph('],,;;[[')).not.toThrow();
  });

  it('when readToken meets escaped or quoted whitespace at the end, then it is kept', () => {
    expect(readToken('  a\\  ', 0, ':').value).toBe('a ');
    expect(readToken("' a '  ", 0, ':').value).toBe(' a ');
    expect(readToken('  a  :b', 0, ':')).toEqual({ value: 'a', end: 5 });
  });
});

describe('checkSandbox', () => {
  it('when a command only uses aliases and relative names, then it passes', () => {
    expect(check('-i {{in_1}} -vf "subtitles={{in_srt}}:fontsdir=." -c:a copy {{out_1}}')).toBeNull();
  });

  it('when a violation is found, then it names the token index, the token as written, and a reason', () => {
    expect(check('-i {{in_1}} -i /etc/passwd {{out_1}}')).toEqual({
      tokenIndex: 3,
      token: '/etc/passwd',
      reason: 'absolute paths are not allowed: /etc/passwd',
    });
  });

  it('when an alias is glued to an absolute prefix, then the result is still refused', () => {
    expect(check('-i /{{in_1}} {{out_1}}')?.reason).toContain('absolute paths');
    expect(check('-i {{in_1}}/../../x {{out_1}}')?.reason).toContain('parent-directory');
  });

  it('when a protocol-like word is followed by whitespace, then it is prose, not a URL', () => {
    expect(check('-i {{in_1}} -metadata "title=Data: 2024" {{out_1}}')).toBeNull();
    expect(check('-i {{in_1}} -metadata "title=pipe: 1" {{out_1}}')?.reason).toContain('pipe:');
  });

  it('when drawtext text holds a properly escaped URL, then it is text, not something opened', () => {
    expect(check('-i {{in_1}} -vf "drawtext=text=\'Visit https\\://example.com\'" {{out_1}}')).toBeNull();
  });

  it('when -safe is 1 or 0 on the command line, then the command passes (the list check holds what 0 lets through); inside a filter it is refused', () => {
    expect(check('-f concat -safe 1 -i list.txt -c copy {{out_1}}')).toBeNull();
    expect(check('-f concat -safe 0 -i list.txt -c copy {{out_1}}')).toBeNull();
    expect(check('-i {{in_1}} -vf "movie=list.txt:f=concat:format_opts=safe=0" {{out_1}}')?.reason).toContain('safe=0');
  });

  it('when the null muxer is the two-pass target, then - and /dev/null are allowed there only', () => {
    expect(check('-i {{in_1}} -pass 1 -passlogfile pass -f null -')).toBeNull();
    expect(check('-i {{in_1}} -pass 1 -f null /dev/null')).toBeNull();
    expect(check('-i {{in_1}} -f mp4 /dev/null')?.reason).toContain('absolute');
  });

  it('when -passlogfile is a plain relative name, then it passes; outside the folder it is refused', () => {
    expect(check('-i {{in_1}} -pass 2 -passlogfile stats {{out_1}}')).toBeNull();
    expect(check('-i {{in_1}} -pass 2 -passlogfile ../stats {{out_1}}')?.reason).toContain('parent-directory');
  });

  it('when a hardware device is named without a path, then it passes', () => {
    expect(check('-init_hw_device cuda=cu:0 -hwaccel cuda -i {{in_1}} {{out_1}}')).toBeNull();
  });

  it('when an option value starts with -, then it is still checked as a path', () => {
    expect(check('-i {{in_1}} -passlogfile -x/../../tmp/y {{out_1}}')?.reason).toContain('parent-directory');
  });
});

describe('checkListFileText', () => {
  it('when an HLS playlist names relative segments and keys, then it is safe', () => {
    const text = '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin"\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_000.ts\n#EXTINF:4,\nsub/seg_001.ts\n';
    expect(checkListFileText(text, 'm3u8')).toBeNull();
  });

  it('when an HLS playlist names an absolute, parent or URL segment, then it gives a reason', () => {
    expect(checkListFileText('#EXTM3U\n#EXTINF:4,\n/etc/passwd\n', 'm3u8')).toContain('absolute');
    expect(checkListFileText('#EXTM3U\n#EXTINF:4,\n../x.ts\n', 'm3u8')).toContain('parent-directory');
    expect(checkListFileText('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="http://169.254.169.254/k"\n', 'm3u8')).toContain('http:');
    expect(checkListFileText('#EXTM3U\n#EXTINF:4,\nfile:seg.ts\n', 'm3u8')).toContain('file:');
    expect(checkListFileText('#EXTM3U\n#EXTINF:4,\n%2e%2e/x.ts\n', 'm3u8')).toContain('percent-encoded');
  });

  it('when a concat list names relative files with quotes and comments, then it is safe', () => {
    expect(checkListFileText("ffconcat version 1.0\n# intro\nfile 'a b.mp4'\nduration 5\nfile clips/c.mp4\n", 'ffconcat')).toBeNull();
  });

  it('when a concat list escapes the folder or weakens the demuxer, then it gives a reason', () => {
    expect(checkListFileText("file '/etc/passwd'\n", 'ffconcat')).toContain('absolute');
    expect(checkListFileText("file '..\\..\\x.mp4'\n", 'ffconcat')).toContain('parent-directory');
    expect(checkListFileText("file 'subfile,,start,0,end,9,,:a.mp4'\n", 'ffconcat')).toContain('URL');
    expect(checkListFileText('file a.ffconcat\noption safe 0\n', 'ffconcat')).toContain('safe=0');
  });

  it('when a DASH manifest uses templates and a relative BaseURL, then it is safe', () => {
    const mpd =
      '<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><BaseURL>./</BaseURL><Period><AdaptationSet>' +
      '<SegmentTemplate initialization="init-$RepresentationID$.m4s" media="chunk-$RepresentationID$-$Number%05d$.m4s"/></AdaptationSet></Period></MPD>';
    expect(checkListFileText(mpd, 'mpd')).toBeNull();
  });

  it('when a DASH manifest points outside, even through XML entities, then it gives a reason', () => {
    expect(checkListFileText('<MPD><BaseURL>file:///etc/</BaseURL></MPD>', 'mpd')).toContain('file:');
    expect(checkListFileText('<MPD><SegmentTemplate media="&#47;etc/$Number$.m4s"/></MPD>', 'mpd')).toContain('absolute');
    expect(checkListFileText('<MPD><Period xlink:href="../p.xml"/></MPD>', 'mpd')).toContain('parent-directory');
  });

  it('when a file starts like a playlist, concat list or manifest, then sniffListFileKind says which', () => {
    expect(sniffListFileKind('#EXTM3U\n')).toBe('m3u8');
    expect(sniffListFileKind("ffconcat version 1.0\nfile 'a.mp4'")).toBe('ffconcat');
    expect(sniffListFileKind('<?xml version="1.0"?>\n<MPD>')).toBe('mpd');
    expect(sniffListFileKind('\u0000\u0000\u0000 ftypisom')).toBeNull();
  });
});
