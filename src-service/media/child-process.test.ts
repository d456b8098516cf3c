import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { maskDescriptors } from './inherited-descriptors';

describe('maskDescriptors (the stdio a child is spawned with)', () => {
  it('when descriptors are inherited, then /dev/null goes at each free slot, the caller keeps its own slots, and 0-2 are never touched', () => {
    expect(maskDescriptors(['ignore', 'pipe', 'pipe'], [5], 99)).toEqual(['ignore', 'pipe', 'pipe', 'ignore', 'ignore', 99]);
    // bwrap's --info-fd pipe at 3 already replaces whatever the parent holds there.
    expect(maskDescriptors(['ignore', 'pipe', 'pipe', 'pipe'], [3, 4], 99)).toEqual(['ignore', 'pipe', 'pipe', 'pipe', 99]);
    // 'ignore' above 2 does nothing in libuv: the parent's descriptor would pass, so it is masked.
    expect(maskDescriptors(['ignore', 'pipe', 'pipe', 'ignore'], [3], 99)).toEqual(['ignore', 'pipe', 'pipe', 99]);
    expect(maskDescriptors(['ignore', 'pipe', 'pipe'], [1, 2], 99)).toEqual(['ignore', 'pipe', 'pipe']);
    expect(maskDescriptors(['ignore', 'pipe', 'pipe'], [], 99)).toEqual(['ignore', 'pipe', 'pipe']);
  });
});

// A process holding an inherited descriptor it must keep (fd 40: Node marks only 0-15 and the
// run after them close-on-exec at start, so 40 stays inheritable, like Chromium's IPC under
// Electron) starts bash three times: through spawnChild, through spawnChildSync (the start-up
// probes' way), and with node:child_process directly (the control); each prints what its fd 40
// is and reads 8 bytes from it.
const CHILD = `
import { spawn } from 'node:child_process';
import { spawnChild, spawnChildSync } from './src-service/media/child-process.ts';
import { openInheritableDescriptors } from './src-service/media/inherited-descriptors.ts';
const sh = ['-c', 'echo "$(readlink /proc/self/fd/40 || echo none) $(head -c 8 <&40 2>/dev/null)"'];
const out = (c) => new Promise((r) => { let o = ''; c.stdout.on('data', (d) => (o += d)); c.on('close', () => r(o.trim())); });
const through = await out(spawnChild('bash', sh, { stdio: ['ignore', 'pipe', 'inherit'] }));
const sync = spawnChildSync('bash', sh, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).stdout.trim();
const plain = await out(spawn('bash', sh, { stdio: ['ignore', 'pipe', 'inherit'] }));
console.log(JSON.stringify({ seen: openInheritableDescriptors(), through, sync, plain }));
`;

describe.skipIf(process.platform !== 'linux')(`spawnChild${process.platform === 'linux' ? '' : ' (skipped: reads /proc, Linux only)'}`, () => {
  it('when the service holds an inherited descriptor it must keep, then a child spawned through it (or its sync form) finds /dev/null at that number (a plain spawn gets the descriptor)', async () => {
    const stdio: Array<'ignore' | 'pipe' | 'inherit'> = ['ignore', 'pipe', 'inherit', ...Array<'ignore'>(37).fill('ignore'), 'pipe'];
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { cwd: path.resolve(__dirname, '../..'), stdio });
    const held = (child.stdio as unknown as Duplex[])[40] as Duplex;
    held.on('error', () => undefined); // reset when the process exits
    held.write('SECRET-1SECRET-2'); // one read's worth for each bash that can read it
    let text = '';
    child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    held.destroy();
    expect(code, text).toBe(0);
    const r = JSON.parse(text) as { seen: number[]; through: string; sync: string; plain: string };
    expect(r.seen).toContain(40);
    expect(r.plain).toMatch(/^socket:\[\d+\] SECRET-1$/); // control: without the mask it leaks
    expect(r.through).toBe('/dev/null');
    expect(r.sync).toBe('/dev/null');
  });
});
