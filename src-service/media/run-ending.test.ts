import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess, type RunOptions } from './run-process';
import { createConfiner } from './confine';
import { findBwrap, smokeTestBwrap } from './confine/bwrap';
import { makeTempDir } from '../testing/media-fixtures';
import { processesMentioning } from '../testing/processes';

// "No sandbox outlives its command" (docs/sandbox.md, "Ending a run"): a stand-in ffmpeg that
// ignores SIGTERM and leaves a child holding its stdout still ends, with nothing left behind.
const bwrap = findBwrap();
const bwrapProblem = process.platform !== 'linux' ? 'not Linux' : bwrap ? smokeTestBwrap(bwrap) : 'bwrap is not installed';

let dir: string;
let script: string;

beforeAll(() => {
  dir = makeTempDir('run-ending');
  script = path.join(dir, 'stubborn.sh');
  // Ignores SIGTERM from its first line; its background child inherits stdout and stderr, so the
  // pipes stay open after the script itself is killed. $1 marks every process of this run.
  fs.writeFileSync(script, `#!/bin/sh\ntrap '' TERM\necho started\nsleep "$1" &\nwhile :; do sleep 1; done\n`, { mode: 0o755 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let seq = 0;
/** A sleep length no other process has: its text finds this run's processes in /proc. */
const marker = () => `${4000 + (process.pid % 1000)}.${++seq}${Date.now() % 100000}`;

async function runStubborn(confined: boolean, mark: string, opts: Partial<RunOptions>) {
  const confiner = createConfiner({ mode: () => (confined ? 'require' : 'off'), log: () => undefined });
  const cmd = confiner.wrap({ bin: script, argv: [mark], cwd: dir, writable: [dir], readable: [], limits: {} });
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const run = runProcess(cmd, {
    cwd: dir,
    ...opts,
    onStdoutLine: (l) => l === 'started' && started(),
  });
  return { run, running };
}

for (const confined of [false, true]) {
  const skip = confined && bwrapProblem !== null;
  const name = confined ? `under bubblewrap${skip ? ` [SKIPPED: ${bwrapProblem}]` : ''}` : 'unconfined';
  describe.skipIf(skip)(`ending a run ${name}`, () => {
    it('when a run that ignores SIGTERM and leaves a child holding its stdout is cancelled, then it ends and no process of it is left', async () => {
      const mark = marker();
      const controller = new AbortController();
      const { run, running } = await runStubborn(confined, mark, { signal: controller.signal });
      await running;
      expect(processesMentioning(mark).length).toBeGreaterThan(0);
      controller.abort();
      const r = await run;
      expect(r.aborted).toBe(true);
      expect(r.exitCode === 0).toBe(false);
      expect(processesMentioning(mark)).toEqual([]);
    });

    it('when such a run passes its deadline, then it ends timed out and no process of it is left', async () => {
      const mark = marker();
      const { run } = await runStubborn(confined, mark, { timeoutMs: 500 });
      const r = await run;
      expect(r.timedOut).toBe(true);
      expect(processesMentioning(mark)).toEqual([]);
    });

    it('when the run exits on its own but left a child holding its stdout, then the run still ends and the child is gone', async () => {
      const mark = marker();
      const confiner = createConfiner({ mode: () => (confined ? 'require' : 'off'), log: () => undefined });
      const cmd = confiner.wrap({ bin: '/bin/sh', argv: ['-c', `sleep ${mark} & echo done`], cwd: dir, writable: [dir], readable: [], limits: {} });
      const lines: string[] = [];
      const r = await runProcess(cmd, { cwd: dir, onStdoutLine: (l) => lines.push(l) });
      expect(r.exitCode).toBe(0);
      expect(lines).toEqual(['done']);
      expect(processesMentioning(mark)).toEqual([]);
    });
  });
}

describe.skipIf(bwrapProblem !== null)('ending a sandbox that is still setting itself up', () => {
  it('when runs are cancelled at once, over and over, then every one ends and no sandbox is left (the orphaned-init hang)', async () => {
    const mark = marker();
    const confiner = createConfiner({ mode: () => 'require', log: () => undefined });
    for (let i = 0; i < 20; i++) {
      const cmd = confiner.wrap({ bin: '/bin/sleep', argv: [mark], cwd: dir, writable: [dir], readable: [], limits: {} });
      const controller = new AbortController();
      const run = runProcess(cmd, { cwd: dir, signal: controller.signal });
      // Cancelled at every stage of bwrap's start: at once, then after ever more event-loop turns.
      for (let turn = 0; turn < i; turn++) await new Promise((r) => setImmediate(r));
      controller.abort();
      expect((await run).aborted).toBe(true);
    }
    expect(processesMentioning(mark)).toEqual([]);
  });
});
