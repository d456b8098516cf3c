import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../run-process';
import { binaries, makeTempDir } from '../../testing/media-fixtures';
import { bwrapArgs, findBwrap, smokeTestBwrap, type HostView } from './bwrap';
import { createConfiner, SandboxUnavailableError, type ConfineRequest, type WrappedCommand } from './index';
import { findPrlimit, limitHit, prlimitArgs } from './limits';
import { sandboxExecArgs, sandboxProfile } from './macos';
import { effectiveMode } from './policy';

const bwrap = findBwrap();
const bwrapProblem = bwrap ? smokeTestBwrap(bwrap) : 'bwrap is not installed';
const canConfine = process.platform === 'linux' && bwrapProblem === null;
const SKIP_WHY = `needs a working bubblewrap on Linux (${bwrapProblem ?? process.platform})`;

let root: string;
let job: string;
let sibling: string;

beforeAll(() => {
  root = makeTempDir('confine');
  job = path.join(root, 'jobs', 'a');
  sibling = path.join(root, 'jobs', 'b');
  fs.mkdirSync(job, { recursive: true });
  fs.mkdirSync(sibling, { recursive: true });
  fs.writeFileSync(path.join(root, 'secret.txt'), 'SECRET-IN-DATA-DIR\n');
  fs.writeFileSync(path.join(sibling, 'other.txt'), 'SECRET-OF-ANOTHER-JOB\n');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const request = (bin: string, argv: string[], extra: Partial<ConfineRequest> = {}): ConfineRequest => ({
  bin,
  argv,
  cwd: job,
  writable: [job],
  readable: [],
  limits: {},
  ...extra,
});
const required = () => createConfiner({ mode: () => 'require', log: () => undefined });

async function runWrapped(req: ConfineRequest) {
  const cmd = required().wrap(req);
  return runProcess(cmd, { cwd: req.cwd, timeoutMs: 30_000 });
}

describe('bwrapArgs', () => {
  const host: HostView = {
    linkTarget: (p) => (p === '/lib' ? 'usr/lib' : null),
    realpath: (p) => p,
    isStaticBinary: (p) => p.includes('node_modules'),
    gconvDirs: () => ['/usr/lib/x86_64-linux-gnu/gconv'],
  };

  it('when a job runs, then it gets new namespaces, uid 65534, its folder read-write and nothing else of the data dir', () => {
    const args = bwrapArgs(request('/usr/bin/ffmpeg', ['-i', 'x']), host);
    expect(args.slice(0, 6)).toEqual(['--unshare-all', '--unshare-user', '--uid', '65534', '--gid', '65534']);
    expect(args).toEqual(expect.arrayContaining(['--die-with-parent', '--new-session', '--clearenv']));
    expect(args.join(' ')).toContain(`--bind ${job} ${job}`);
    expect(args.join(' ')).toContain('--symlink usr/lib /lib');
    expect(args.join(' ')).not.toContain(`${root} `);
    expect(args.slice(-3)).toEqual(['/usr/bin/ffmpeg', '-i', 'x']);
  });

  it('when the binary is a static build under node_modules, then that file alone is bound read-only', () => {
    const bin = '/home/u/app/node_modules/ffmpeg-static/ffmpeg';
    const args = bwrapArgs(request(bin, []), host).join(' ');
    expect(args).toContain(`--ro-bind ${bin} ${bin}`);
    expect(args).not.toContain('--ro-bind /home/u/app/node_modules/ffmpeg-static ');
  });

  it('when the binary is statically linked, then the system iconv modules are hidden under an empty tmpfs, and only then', () => {
    expect(bwrapArgs(request('/opt/node_modules/x/ffprobe', []), host).join(' ')).toContain('--tmpfs /usr/lib/x86_64-linux-gnu/gconv');
    expect(bwrapArgs(request('/usr/bin/ffprobe', []), host).join(' ')).not.toContain('gconv');
  });

  it('when ffprobe reads one file, then it is bound read-only and nothing is writable', () => {
    const args = bwrapArgs(request('/usr/bin/ffprobe', [], { writable: [], readable: ['/d/staging/up.mp4'] }), host).join(' ');
    expect(args).toContain('--ro-bind /d/staging/up.mp4 /d/staging/up.mp4');
    expect(args).not.toContain('--bind ');
  });
});

describe.skipIf(!canConfine)(`bubblewrap for real (${SKIP_WHY})`, () => {
  it('when a command is confined by bwrap, then the wrapped command carries --info-fd 3 as a field runProcess reads from it', () => {
    const cmd = required().wrap(request(binaries.ffmpegPath, ['-version']));
    expect(cmd).toMatchObject({ mechanism: 'bubblewrap', confined: true, infoFd: 3 });
    expect(cmd.argv.join(' ')).toContain('--info-fd 3');
    // The type refuses a bubblewrap command without it (checked by `npm run typecheck`).
    // @ts-expect-error infoFd is required for a bubblewrap command
    const forgotten: WrappedCommand = { mechanism: 'bubblewrap', confined: true, bin: cmd.bin, argv: cmd.argv, env: cmd.env };
    expect(forgotten.infoFd).toBeUndefined();
  });

  it('when a confined process asks who it is, then it is uid 65534 in its own pid namespace', async () => {
    const r = await runWrapped(request('/usr/bin/sh', ['-c', 'id -u; echo $$; ls /proc | grep -c "^[0-9]"']));
    expect(r.exitCode, r.stderrTail).toBe(0);
    const out = fs.readdirSync(job);
    expect(out).toEqual([]); // nothing written
    const lines = await runWrapped(request('/usr/bin/sh', ['-c', 'id -u > who.txt; echo $$ >> who.txt']));
    expect(lines.exitCode).toBe(0);
    const [uid, pid] = fs.readFileSync(path.join(job, 'who.txt'), 'utf8').split('\n');
    expect(uid).toBe('65534');
    expect(Number(pid)).toBeLessThanOrEqual(3); // bwrap's init is pid 1 of the new namespace
    fs.rmSync(path.join(job, 'who.txt'));
  });

  it('when ffmpeg reads the data dir or another job by absolute path, then the files do not exist for it', async () => {
    for (const target of [path.join(root, 'secret.txt'), path.join(sibling, 'other.txt'), '../b/other.txt', '../../secret.txt']) {
      const r = await runWrapped(
        request(binaries.ffmpegPath, ['-hide_banner', '-f', 'rawvideo', '-s', '1x1', '-pix_fmt', 'gray', '-i', target, '-f', 'rawvideo', 'leak.raw']),
      );
      expect(r.exitCode, target).not.toBe(0);
      expect(r.stderrTail).toContain('No such file or directory');
      expect(fs.existsSync(path.join(job, 'leak.raw'))).toBe(false);
    }
  });

  it('when ffmpeg writes to /tmp or outside its folder, then nothing appears on the host', async () => {
    const name = `ffdesk-confine-${process.pid}.mkv`;
    const r = await runWrapped(request(binaries.ffmpegPath, ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=size=32x32:duration=0.2', `/tmp/${name}`]));
    expect(r.exitCode, r.stderrTail).toBe(0); // the private /tmp takes it, and it vanishes with the sandbox
    expect(fs.existsSync(`/tmp/${name}`)).toBe(false);
    const out = await runWrapped(
      request(binaries.ffmpegPath, ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=size=32x32:duration=0.2', path.join(sibling, 'pwned.mkv')]),
    );
    expect(out.exitCode).not.toBe(0);
    expect(fs.readdirSync(sibling)).toEqual(['other.txt']);
  });

  it('when ffmpeg opens a URL on a listening server, then there is no network to reach it', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in.mp4`;
      const r = await runWrapped(request(binaries.ffmpegPath, ['-hide_banner', '-i', url, 'out.mp4']));
      expect(r.exitCode).not.toBe(0);
      expect(hits).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('when a confined ffmpeg burns CPU, then runProcess still measures it (it is a grandchild of the spawned bwrap)', async () => {
    const r = await runWrapped(
      request(binaries.ffmpegPath, [
        '-hide_banner',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=640x480:rate=25:duration=4',
        '-c:v',
        'libx264',
        '-preset',
        'medium',
        '-f',
        'null',
        '-',
      ]),
    );
    expect(r.exitCode, r.stderrTail).toBe(0);
    expect(r.cpuSeconds ?? 0).toBeGreaterThan(0.2);
  });

  it('when the service has secrets in its environment, then the confined process sees only the minimal one', async () => {
    process.env.FFDESK_CONFINE_PROBE = 'leaky';
    try {
      const r = await runWrapped(request('/usr/bin/sh', ['-c', 'env > env.txt']));
      expect(r.exitCode).toBe(0);
      const env = fs.readFileSync(path.join(job, 'env.txt'), 'utf8');
      expect(env).not.toContain('leaky');
      expect(env).toContain('PATH=/usr/bin:/bin');
    } finally {
      delete process.env.FFDESK_CONFINE_PROBE;
      fs.rmSync(path.join(job, 'env.txt'), { force: true });
    }
  });
});

describe.skipIf(!findPrlimit())('limits (needs util-linux prlimit)', () => {
  it('when ffmpeg writes past RLIMIT_FSIZE, then it is stopped and the limit is named', async () => {
    const r = await runWrapped(
      request(binaries.ffmpegPath, ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-c:v', 'rawvideo', '-f', 'rawvideo', 'big.raw'], {
        limits: { fileSizeBytes: 1_000_000 },
      }),
    );
    expect(r.exitCode).not.toBe(0);
    expect(limitHit(r)).toBe('fsize');
    expect(fs.statSync(path.join(job, 'big.raw')).size).toBeLessThanOrEqual(1_000_000);
    fs.rmSync(path.join(job, 'big.raw'));
  });

  it('when ffmpeg burns past RLIMIT_CPU, then it is stopped and the limit is named', async () => {
    const r = await runWrapped(
      request(
        binaries.ffmpegPath,
        ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc2=size=640x480:rate=25', '-c:v', 'libx264', '-preset', 'slow', '-f', 'null', '-'],
        { limits: { cpuSeconds: 1 } },
      ),
    );
    expect(limitHit(r), r.stderrTail.slice(-300)).toBe('cpu');
    expect(r.timedOut).toBe(false);
  });

  it('prlimit argv: soft CPU limit, hard one a few seconds later, then the command', () => {
    expect(prlimitArgs({ fileSizeBytes: 10, cpuSeconds: 2.5 }, 'b', ['x'])).toEqual(['--fsize=10', '--cpu=3:8', '--', 'b', 'x']);
    expect(prlimitArgs({}, 'b', [])).toBeNull();
  });
});

describe('policy', () => {
  it('when nothing is configured, then a loopback single-account service prefers and anything else requires', () => {
    expect(effectiveMode(undefined, '127.0.0.1', 1)).toBe('prefer');
    expect(effectiveMode(undefined, 'localhost', 1)).toBe('prefer');
    expect(effectiveMode(undefined, '0.0.0.0', 1)).toBe('require');
    expect(effectiveMode(undefined, '192.168.1.5', 1)).toBe('require');
    expect(effectiveMode(undefined, '127.0.0.1', 2)).toBe('require');
    expect(effectiveMode('off', '0.0.0.0', 5)).toBe('off');
  });

  it('when bwrap is missing under require, then wrap fails naming it; under prefer it runs unconfined and warns once', () => {
    const logs: string[] = [];
    const missing = '/nonexistent/bwrap';
    const req = createConfiner({ mode: () => 'require', platform: 'linux', bwrapPath: missing, log: (m) => logs.push(m) });
    expect(() => req.wrap(request('/usr/bin/ffmpeg', []))).toThrow(SandboxUnavailableError);
    expect(() => req.wrap(request('/usr/bin/ffmpeg', []))).toThrow(/bubblewrap \(bwrap\) not found at \/nonexistent\/bwrap: install it/);
    expect(req.status()).toMatchObject({ mode: 'require', mechanism: 'bubblewrap', available: false });
    const pref = createConfiner({ mode: () => 'prefer', platform: 'linux', bwrapPath: missing, log: (m) => logs.push(m) });
    const a = pref.wrap(request('/usr/bin/ffmpeg', ['-version']));
    pref.wrap(request('/usr/bin/ffmpeg', ['-version']));
    expect(a.confined).toBe(false);
    expect(a.argv).toContain('-version');
    expect(logs.filter((l) => l.startsWith('WARNING'))).toHaveLength(1);
  });

  it('when the platform is Windows, then require fails with the honest reason', () => {
    const win = createConfiner({ mode: () => 'require', platform: 'win32', log: () => undefined });
    expect(() => win.wrap(request('C:\\ffmpeg.exe', []))).toThrow(/Windows: FFDesk has no operating-system sandbox/);
    expect(win.status()).toMatchObject({ mechanism: 'none', available: false });
  });

  it('when the mode is off, then nothing is confined and no mechanism is looked for', () => {
    const off = createConfiner({ mode: () => 'off', platform: 'linux', bwrapPath: '/nonexistent/bwrap', log: () => undefined });
    expect(off.wrap(request('/usr/bin/ffmpeg', [])).confined).toBe(false);
    expect(off.status()).toMatchObject({ mode: 'off', mechanism: 'none', available: false });
  });
});

describe('macOS sandbox-exec profile (generated here, run only on macOS)', () => {
  const req = request('/opt/ff/ffmpeg', ['-i', 'in.mp4', 'out.mp4'], {
    cwd: '/Users/u/FFDesk/jobs/x',
    writable: ['/Users/u/FFDesk/jobs/x'],
    readable: ['/Users/u/"); (allow default'],
  });

  it('when a profile is made, then it denies by default, allows no network, and names paths only as parameters', () => {
    const profile = sandboxProfile(req);
    expect(profile.split('\n').slice(0, 2)).toEqual(['(version 1)', '(deny default)']);
    expect(profile).not.toMatch(/network/);
    expect(profile).toContain('(allow file-read* file-write* (subpath (param "RW0")))');
    expect(profile).toContain('(allow file-read* (subpath (param "RO0")))');
    expect(profile).not.toContain('/Users/u');
  });

  it('when the argv is built, then paths travel as -D values and the command follows unchanged', () => {
    const argv = sandboxExecArgs(req);
    expect(argv[0]).toBe('-p');
    expect(argv).toEqual(expect.arrayContaining(['-D', 'BIN=/opt/ff/ffmpeg', '-D', 'RW0=/Users/u/FFDesk/jobs/x', '-D', 'RO0=/Users/u/"); (allow default']));
    expect(argv.slice(-4)).toEqual(['/opt/ff/ffmpeg', '-i', 'in.mp4', 'out.mp4']);
  });
});

describe.skipIf(!canConfine)(`the sandbox root (${SKIP_WHY})`, () => {
  it('when ffmpeg writes at the top of its root, then the read-only root refuses it', async () => {
    const r = await runWrapped(request(binaries.ffmpegPath, ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=size=32x32:duration=0.2', '/pwned.mkv']));
    expect(r.exitCode).not.toBe(0);
    expect(r.stderrTail).toMatch(/Read-only file system|Permission denied/);
  });

  it('when ffmpeg climbs to where the data dir is, then the write stays inside the sandbox', async () => {
    const r = await runWrapped(request(binaries.ffmpegPath, ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=size=32x32:duration=0.2', '../../pwned.mkv']));
    // Under /tmp (as here) the parents live in the private /tmp and vanish with it; elsewhere the read-only root refuses.
    expect(r.exitCode === 0 || /Read-only file system|Permission denied/.test(r.stderrTail)).toBe(true);
    expect(fs.existsSync(path.join(root, 'pwned.mkv'))).toBe(false);
  });
});
