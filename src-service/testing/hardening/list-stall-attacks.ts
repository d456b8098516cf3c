import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestService } from '../harness';
import { buildZip } from '../zip-builder';
import { healthCost, neverHeld, showWaits, type WaitCost } from '../main-thread-cpu';

/**
 * Regex stalls (docs/sandbox.md, "Work on the event loop"): list files whose checks used to be
 * quadratic on the event loop (`/v1/health` took 4 to 6 s for 70 KB). Each attack here is
 * 1 MiB or close, far more than the report's. Shared by hardening/list-stalls.service.test.ts
 * and the escape catalogue.
 */
const MIB = 1024 * 1024;

export interface StallAttack {
  name: string;
  body: (mediaUrl: string) => Record<string, unknown>;
}

export const STALL_ATTACKS: StallAttack[] = [
  {
    name: 'a .m3u8 of newlines in a zip',
    body: (url) => ({ input_compressed_folder: `${url}/stall-newlines.zip`, output_files: { out_1: 'o.ts' }, ffmpeg_command: '-i n.m3u8 -c copy {{out_1}}' }),
  },
  {
    name: 'a stored zip of carriage returns',
    body: (url) => ({ input_compressed_folder: `${url}/stall-returns.zip`, output_files: { out_1: 'o.ts' }, ffmpeg_command: '-i r.m3u8 -c copy {{out_1}}' }),
  },
  {
    name: 'a .mpd of unclosed <BaseURL>',
    body: (url) => ({ input_compressed_folder: `${url}/stall-baseurl.zip`, output_files: { out_1: 'o.mp4' }, ffmpeg_command: '-i m.mpd -c copy {{out_1}}' }),
  },
  {
    name: "a chained step writing a newline file that step 2's list check reads (no input)",
    body: () => ({
      output_files: { out_1: 'o.ts' },
      ffmpeg_commands: [
        // 512x512 rgb24 of colour 0x0a0a0a: 768 KiB of '\n'.
        '-f lavfi -i color=c=0x0a0a0a:s=512x512:d=1 -frames:v 1 -f rawvideo -pix_fmt rgb24 late.m3u8',
        '-i late.m3u8 -c copy {{out_1}}',
      ],
    }),
  },
];

/** Writes the attacks' zips into a folder a media server serves. */
export function writeStallMedia(served: string): void {
  fs.writeFileSync(path.join(served, 'stall-newlines.zip'), buildZip([{ name: 'n.m3u8', data: '\n'.repeat(MIB) }]));
  fs.writeFileSync(path.join(served, 'stall-returns.zip'), buildZip([{ name: 'r.m3u8', data: '\r'.repeat(MIB) }]));
  fs.writeFileSync(path.join(served, 'stall-baseurl.zip'), buildZip([{ name: 'm.mpd', data: `<MPD>${'<BaseURL>'.repeat(MIB / 9)}` }]));
}

/**
 * One health answer then one status poll of the command, costed as one span (the service runs
 * in this process): a stall while the poll waits counts too. Returns the command's status.
 */
async function healthAndPoll(svc: TestService, commandId: string, waits: WaitCost[]): Promise<string | undefined> {
  let status: string | undefined;
  const poll = async () => void (status = (await svc.api('GET', `/v1/commands/${commandId}`)).body.status as string | undefined);
  waits.push(await healthCost(svc.url, process.pid, poll));
  return status;
}

/**
 * Submits the attack and, until its command ends, requires that no `/v1/health` answer (nor the
 * status poll after it) waited on more than `marginMs` (100 ms, the bound of docs/sandbox.md) of
 * the service's main-thread CPU: what a loaded machine adds (no CPU for the process at all) is not a stall and is not
 * counted (testing/main-thread-cpu.ts); the quadratic checks took seconds of CPU for 70 KB.
 */
export async function expectHealthHeldDuring(svc: TestService, attack: StallAttack, mediaUrl: string, marginMs = 100): Promise<void> {
  const runs: { busy: WaitCost[]; idleMs: number }[] = [];
  const held = (r: (typeof runs)[number]): boolean => neverHeld(r.busy, marginMs, r.idleMs);
  for (let attempt = 0; attempt < 3; attempt++) {
    const { busy, commandId } = await healthWhileProcessed(svc, attack, mediaUrl);
    const idle: WaitCost[] = [];
    for (let i = 0; i < Math.max(20, busy.length); i++) await healthAndPoll(svc, commandId, idle);
    runs.push({ busy, idleMs: Math.max(...idle.map((w) => w.wallMs)) });
    // Up to three attempts (docs/contributing.md, "Stall tests"): the stalls guarded against show in every one.
    if (held(runs[runs.length - 1]!)) break;
  }
  const show = runs.map((r) => `busy ${showWaits(r.busy)} / idle max ${r.idleMs.toFixed(0)}`).join(' | ');
  expect(runs.some(held), `health waits (ms wall/ms service CPU): ${show}`).toBe(true);
}

/** Health-and-poll costs, one after another, from the attack's submission until its command ends. */
async function healthWhileProcessed(svc: TestService, attack: StallAttack, mediaUrl: string): Promise<{ busy: WaitCost[]; commandId: string }> {
  const req: Record<string, unknown> = { vcpu_count: 1, max_command_run_seconds: 60, ...attack.body(mediaUrl) };
  const res = await svc.api('POST', Array.isArray(req.ffmpeg_commands) ? '/v1/run-chained-ffmpeg-commands' : '/v1/run-ffmpeg-command', req);
  expect(res.status, res.text).toBe(200);
  const busy: WaitCost[] = [];
  const commandId = res.body.command_id as string;
  let status: string | undefined = res.body.status;
  while (['QUEUED', 'PROCESSING', undefined].includes(status)) status = await healthAndPoll(svc, commandId, busy);
  expect(busy.length).toBeGreaterThan(0);
  return { busy, commandId };
}
