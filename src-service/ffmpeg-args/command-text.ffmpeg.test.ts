import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveBinaries } from '../media/binaries';
import { tempDir } from '../testing/harness';
import { ffmpeg } from '../testing/media';
import { splitCommandText } from './command-text';

/**
 * The quoting rule (docs/compatibility.md, "Quoting") checked against the real ffmpeg: each
 * command text is split the way the service splits it, then run. `{{in_1}}` / `{{out_1}}`
 * stand for tiny media made here (paths without special characters).
 */
const { ffmpegPath, ffprobePath } = resolveBinaries();
let dir: string;
let video: string;

beforeAll(() => {
  dir = tempDir('ffdesk-quoting-');
  video = path.join(dir, 'in.mp4');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x120:rate=10:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    video,
  ]);
});

interface Row {
  name: string;
  text: string;
  /** The argument that must reach ffmpeg exactly so (index in the argv). */
  expect: [number, string];
}

const OUT = '{{out_1}}';
const TABLE: Row[] = [
  {
    name: "-vf with a quote opening inside the word keeps ffmpeg's quotes",
    text: String.raw`-i {{in_1}} -vf select='lte(n\,1)+gt(trunc(t/10),trunc(prev_t/10))',scale=-2:160 -vsync vfr -f null ${OUT}`,
    expect: [3, String.raw`select='lte(n\,1)+gt(trunc(t/10),trunc(prev_t/10))',scale=-2:160`],
  },
  {
    name: '-vf double-quoted graph with single quotes inside (unchanged)',
    text: `-i {{in_1}} -vf "select='lte(t,60)*gt(trunc(t/10),trunc(prev_t/10))',setpts='PTS*0.025',scale=-2:80" -an -vsync vfr -f null ${OUT}`,
    expect: [3, "select='lte(t,60)*gt(trunc(t/10),trunc(prev_t/10))',setpts='PTS*0.025',scale=-2:80"],
  },
  { name: '-vf whole value single-quoted is shell quoting (unchanged)', text: `-i {{in_1}} -vf 'scale=320:-2' -f null ${OUT}`, expect: [3, 'scale=320:-2'] },
  {
    name: '-af with a quoted expression holding commas',
    text: `-i {{in_1}} -af volume='if(lt(t,1),0.5,1)':eval=frame,aformat=sample_fmts=s16 -f null ${OUT}`,
    expect: [3, "volume='if(lt(t,1),0.5,1)':eval=frame,aformat=sample_fmts=s16"],
  },
  {
    name: '-filter:v with a quoted select expression',
    text: `-i {{in_1}} -filter:v select='between(n,0,4)',setpts=N/TB -f null ${OUT}`,
    expect: [3, "select='between(n,0,4)',setpts=N/TB"],
  },
  {
    name: '-filter:a with a quoted volume expression',
    text: `-i {{in_1}} -filter:a volume='if(gt(t,1),0.2,1)':eval=frame -f null ${OUT}`,
    expect: [3, "volume='if(gt(t,1),0.2,1)':eval=frame"],
  },
  {
    name: '-filter_complex with labels and a quoted select',
    text: `-i {{in_1}} -filter_complex [0:v]select='eq(n,0)+eq(n,5)',scale=80:-2[v] -map [v] -vsync vfr -f null ${OUT}`,
    expect: [3, "[0:v]select='eq(n,0)+eq(n,5)',scale=80:-2[v]"],
  },
  {
    name: '-filter_complex whole graph single-quoted (shell quoting, unchanged)',
    text: `-i {{in_1}} -filter_complex '[0:v]split=2[a][b];[a]scale=80:-2[x];[b]scale=40:-2[y]' -map '[x]' -f null ${OUT} -map '[y]' -f null ${OUT}`,
    expect: [3, '[0:v]split=2[a][b];[a]scale=80:-2[x];[b]scale=40:-2[y]'],
  },
  {
    name: '-lavfi with a quoted audio expression',
    text: `-i {{in_1}} -lavfi [0:a]volume='if(gt(t,1),0.2,1)':eval=frame[a] -map [a] -f null ${OUT}`,
    expect: [3, "[0:a]volume='if(gt(t,1),0.2,1)':eval=frame[a]"],
  },
  {
    name: 'a -f lavfi input graph with a quoted select',
    text: `-f lavfi -i color=c=red:s=64x64:d=1,select='eq(n,0)+eq(n,1)' -f null ${OUT}`,
    expect: [3, "color=c=red:s=64x64:d=1,select='eq(n,0)+eq(n,1)'"],
  },
];

function argvOf(text: string): string[] {
  return splitCommandText(text).map((t) => t.replaceAll('{{in_1}}', video).replaceAll(OUT, '-'));
}

function runFfmpeg(argv: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(ffmpegPath, ['-hide_banner', '-nostdin', '-y', ...argv], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

describe("ffmpeg's own quoting in filtergraph values reaches the real ffmpeg", () => {
  it.each(TABLE.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const argv = argvOf(row.text);
    expect(argv[row.expect[0]]).toBe(row.expect[1]);
    const r = runFfmpeg(argv);
    expect(r.status, r.stderr.slice(-800)).toBe(0);
  });

  it('when the quotes were stripped as a POSIX shell does, then ffmpeg fails on the bare commas (why the rule exists)', () => {
    const stripped = ['-i', video, '-vf', String.raw`select=lte(n\,1)+gt(trunc(t/10),trunc(prev_t/10)),scale=-2:160`, '-f', 'null', '-'];
    expect(runFfmpeg(stripped).status).not.toBe(0);
  });

  it('when -metadata has a quoted value, then the shell quoting is removed (ffmpeg does not unquote metadata)', () => {
    const out = path.join(dir, 'meta.mp4');
    const argv = splitCommandText(`-i {{in_1}} -metadata title='My Movie' -c copy {{out_1}}`).map((t) =>
      t.replace('{{in_1}}', video).replace('{{out_1}}', out),
    );
    expect(argv).toContain('title=My Movie');
    expect(runFfmpeg(argv).status).toBe(0);
    const title = execFileSync(ffprobePath, ['-v', 'error', '-show_entries', 'format_tags=title', '-of', 'default=nw=1:nk=1', out], { encoding: 'utf8' });
    expect(title.trim()).toBe('My Movie');
  });
});
