import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestService } from '../harness';
import { buildZip } from '../zip-builder';

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

async function healthMs(svc: TestService): Promise<number> {
  const t0 = performance.now();
  await (await fetch(`${svc.url}/v1/health`)).arrayBuffer();
  return performance.now() - t0;
}

/**
 * Submits the attack and, until its command ends, requires `/v1/health` to answer within
 * `marginMs` of its idle time (100 ms, the bound of docs/sandbox.md).
 */
export async function expectHealthHeldDuring(svc: TestService, attack: StallAttack, mediaUrl: string, marginMs = 100): Promise<void> {
  // Up to three runs of the attack, each compared with as many idle answers taken right after
  // it: a loaded machine delays any process now and then, while a check that holds the event
  // loop fails every run (the quadratic checks took seconds for 70 KB; these are 1 MiB).
  const runs: { busy: number[]; idleMs: number }[] = [];
  const held = (r: { busy: number[]; idleMs: number }): boolean => Math.max(...r.busy) < r.idleMs + marginMs;
  for (let attempt = 0; attempt < 3; attempt++) {
    const busy = await healthWhileProcessed(svc, attack, mediaUrl);
    const idle: number[] = [];
    for (let i = 0; i < Math.max(20, busy.length); i++) idle.push(await healthMs(svc));
    // The slowest idle answer: what this (shared, loaded) machine adds anyway.
    runs.push({ busy, idleMs: Math.max(...idle) });
    if (held(runs[runs.length - 1]!)) break;
  }
  const show = runs.map((r) => `busy ${r.busy.map((b) => b.toFixed(0)).join(' ')} / idle max ${r.idleMs.toFixed(0)}`).join(' | ');
  expect(runs.some(held), `health latencies (ms): ${show}`).toBe(true);
}

/** Health answer times, one after another, from the attack's submission until its command ends. */
async function healthWhileProcessed(svc: TestService, attack: StallAttack, mediaUrl: string): Promise<number[]> {
  const req: Record<string, unknown> = { vcpu_count: 1, max_command_run_seconds: 60, ...attack.body(mediaUrl) };
  const res = await svc.api('POST', Array.isArray(req.ffmpeg_commands) ? '/v1/run-chained-ffmpeg-commands' : '/v1/run-ffmpeg-command', req);
  expect(res.status, res.text).toBe(200);
  const busy: number[] = [];
  let record = res.body;
  while (['QUEUED', 'PROCESSING', undefined].includes(record.status)) {
    busy.push(await healthMs(svc));
    record = (await svc.api('GET', `/v1/commands/${res.body.command_id}`)).body;
  }
  expect(busy.length).toBeGreaterThan(0);
  return busy;
}
