import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, type TinyMedia } from '../testing/media';
import { extractZip } from '../storage/zip';
import { CLI_PROGRAM, cliArgs } from '../testing/cli-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let svc: TestService;
let tiny: TinyMedia;

beforeAll(async () => {
  tiny = makeTinyMedia(tempDir('ffdesk-cli-media-'));
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

/** The CLI as a real child process, against the test service. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI_PROGRAM, cliArgs(args), {
      cwd: root,
      env: { ...process.env, FFDESK_URL: svc.url, FFDESK_API_KEY: svc.key, FFDESK_DATA_DIR: svc.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('ffdesk preset', () => {
  it('when a preset is imported from a file, run on a local file with --set, waited and downloaded, then the output is on disk under its pattern name', async () => {
    const dir = tempDir('ffdesk-cli-preset-');
    const file = path.join(dir, 'p.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        format: 'ffdesk-preset',
        format_version: 1,
        preset: {
          name: 'small',
          parameters: { height: { type: 'integer', default: 120, min: 16, max: 2160 } },
          inputs: [{ alias: 'in_1' }],
          outputs: { out_1: '{name}_{height}p.mp4' },
          steps: ['-i {{in_1}} -vf scale=-2:{{height}} -c:v libx264 -preset ultrafast -an {{out_1}}'],
        },
      }),
    );
    const imported = await cli(['preset', 'import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.trim()).toBe('small\tv1');

    const ls = await cli(['preset', 'ls']);
    expect(ls.stdout).toMatch(/^small\tv1\tsaved/m);
    expect(ls.stdout).toMatch(/^transcode\tv1\tbuilt-in/m);

    const out = path.join(dir, 'out');
    const run = await cli(['preset', 'run', 'small', '--in', `in_1=${tiny.video}`, '--set', 'height=72', '--wait', '--download', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readdirSync(out)).toEqual(['video_72p.mp4']);

    const exported = await cli(['preset', 'export', 'small']);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({
      format: 'ffdesk-preset',
      format_version: 1,
      preset: { name: 'small', steps: [expect.stringContaining('scale=-2:{{height}}')] },
    });
  });

  it('when a preset runs as a batch over two local files with --wait --download, then the zip holds both outputs', async () => {
    const dir = tempDir('ffdesk-cli-batch-');
    const second = path.join(dir, 'second.mp4');
    fs.copyFileSync(tiny.video, second);
    const run = await cli(['preset', 'batch', 'small', tiny.video, second, '--set', 'height=48', '--wait', '--download', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^SUCCESS\t2 done\t0 failed\t2 total$/m);
    const zip = fs.readdirSync(dir).find((f) => f.endsWith('.zip')) as string;
    const { files } = await extractZip(path.join(dir, zip), path.join(dir, 'x'), { maxTotalBytes: 1e9, maxEntries: 10, maxRatio: 1000 });
    expect(files.sort()).toEqual(['second_48p.mp4', 'video_48p.mp4']);
  });

  it('when a parameter is out of bounds, then the CLI exits 1 and says which one', async () => {
    const run = await cli(['preset', 'run', 'transcode', '--in', `in_video=${tiny.video}`, '--set', 'crf=99']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/parameters\.crf/);
  });

  it('when the subcommand is unknown, then usage exit 2', async () => {
    expect((await cli(['preset', 'frobnicate'])).code).toBe(2);
  });
});
