import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { healthCost, neverHeld, showWaits, type WaitCost } from '../testing/main-thread-cpu';
import { startChildService, type ChildService } from '../testing/child-service';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../testing/media';
import { REQUEST_LIMITS } from './request-limits';

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
});

afterAll(async () => {
  await svc.stop();
});

const DEAD = 'http://127.0.0.1:9/v.mp4';
const inputs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`in_${i}`, DEAD]));

function expect422(res: { status: number; body: any; text: string }, locStart: (string | number)[], msg: RegExp): void {
  expect(res.status, res.text).toBe(422);
  const issue = (res.body.detail as { loc: unknown[]; msg: string; type: string }[]).find((d) => msg.test(d.msg));
  expect(issue, res.text.slice(0, 300)).toBeDefined();
  expect(issue?.loc.slice(0, locStart.length)).toEqual(locStart);
  expect(typeof issue?.type).toBe('string');
}

describe('request limits', () => {
  it('when a request declares 12,000 aliases over 10 steps, then 422 naming the limit', async () => {
    const ins = inputs(12_000);
    const refs = Object.keys(ins)
      .slice(0, 8_000)
      .map((a) => `{{${a}}}`)
      .join('');
    const cmd = `-i {{in_0}} -filter_complex "${refs}" {{out_1}}`.slice(0, REQUEST_LIMITS.maxCommandChars);
    const res = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      input_files: ins,
      output_files: { out_1: 'o.mp4' },
      ffmpeg_commands: Array.from({ length: 10 }, () => cmd),
    });
    expect422(res, ['body', 'input_files'], new RegExp(`at most ${REQUEST_LIMITS.maxAliases} aliases`));
  });

  it('when a chained request has more commands than allowed, then 422 on ffmpeg_commands', async () => {
    const res = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      input_files: inputs(1),
      output_files: { out_1: 'o.mp4' },
      ffmpeg_commands: Array.from({ length: REQUEST_LIMITS.maxSteps + 1 }, () => '-i {{in_0}} {{out_1}}'),
    });
    expect422(res, ['body', 'ffmpeg_commands'], new RegExp(`At most ${REQUEST_LIMITS.maxSteps} commands`));
  });

  it('when a command is longer than allowed, then 422 on ffmpeg_command', async () => {
    const cmd = `-i {{in_0}} -metadata title=${'x'.repeat(REQUEST_LIMITS.maxCommandChars)} {{out_1}}`;
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', { input_files: inputs(1), output_files: { out_1: 'o.mp4' }, ffmpeg_command: cmd });
    expect422(res, ['body', 'ffmpeg_command'], new RegExp(`at most ${REQUEST_LIMITS.maxCommandChars} characters`));
  });

  it('when a command splits into more arguments than allowed, then 422 saying how many', async () => {
    const cmd = `-i {{in_0}} ${Array.from({ length: REQUEST_LIMITS.maxArguments }, () => '-y').join(' ')} {{out_1}}`;
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', { input_files: inputs(1), output_files: { out_1: 'o.mp4' }, ffmpeg_command: cmd });
    expect422(res, ['body', 'ffmpeg_command'], new RegExp(`at most ${REQUEST_LIMITS.maxArguments} arguments; this one has ${REQUEST_LIMITS.maxArguments + 3}`));
  });
});

/**
 * The largest request the limits allow (every command at its longest, a filter graph full of
 * alias references, every alias declared), sized to fit the JSON body limit.
 */
function largestRequest(maxJsonBytes: number): Record<string, unknown> {
  const nIn = REQUEST_LIMITS.maxAliases - REQUEST_LIMITS.maxSteps;
  const input_files = inputs(nIn);
  const output_files = Object.fromEntries(Array.from({ length: REQUEST_LIMITS.maxSteps }, (_, i) => [`out_${i}`, `o${i}.mp4`]));
  const base = JSON.stringify({ input_files, output_files, ffmpeg_commands: [] }).length;
  const perCommand = Math.min(REQUEST_LIMITS.maxCommandChars, Math.floor((maxJsonBytes - base - 64) / REQUEST_LIMITS.maxSteps) - 3);
  const ffmpeg_commands = Array.from({ length: REQUEST_LIMITS.maxSteps }, (_, step) => {
    const head = `-i {{in_0}} -filter_complex "`;
    const tail = `" -map [v] {{out_${step}}}`;
    let graph = '';
    for (let i = 0; head.length + graph.length + tail.length < perCommand - 40; i++) graph += `movie={{in_${i % nIn}}},null;`;
    return `${head}${graph}nullsrc[v]${tail}`;
  });
  return { input_files, output_files, ffmpeg_commands, vcpu_count: 1, max_command_run_seconds: 5 };
}

describe('no request can freeze the service', () => {
  let child: ChildService;
  let dataDir: string;
  const key = 'ffd_liveness-test-key-0123456789';
  const post = (url: string, json: string) => fetch(url, { method: 'POST', headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' }, body: json });

  beforeAll(async () => {
    dataDir = tempDir('ffdesk-liveness-');
    // Its own process: what is measured is the service's event loop, not this test's client work.
    child = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: key });
  });

  afterAll(async () => {
    await child?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the largest allowed request is being accepted, then /v1/health never waits on more than 100 ms of the service’s work', async () => {
    const body = largestRequest(svc.service.config.maxJsonBytes);
    const json = JSON.stringify(body);
    expect(json.length).toBeLessThanOrEqual(svc.service.config.maxJsonBytes);
    // Warm-ups, so the steady state is measured, not the first use of each code path: the first
    // health reads the ffmpeg versions; one full command of the same kind (refused with a 422, as
    // the other outputs go unused) warms the parsers and the checks.
    await (await fetch(`${child.url}/v1/health`)).arrayBuffer();
    const warm = await post(
      `${child.url}/v1/run-chained-ffmpeg-commands`,
      JSON.stringify({ ...body, ffmpeg_commands: (body.ffmpeg_commands as string[]).slice(0, 1) }),
    );
    expect(warm.status, (await warm.text()).slice(0, 300)).toBe(422);
    // Up to three submissions (docs/contributing.md, "Stall tests"). The bound: no health answer waited on more than 100 ms of the
    // service's main-thread CPU (testing/main-thread-cpu.ts: a loaded machine's delays are not
    // counted); a request that holds the event loop for its whole check is far past it.
    const pid = child.servicePid();
    const attempts: { busy: WaitCost[]; idle: WaitCost[] }[] = [];
    const held = (a: (typeof attempts)[number]) => neverHeld(a.busy, 100, Math.max(...a.idle.map((w) => w.wallMs)));
    for (let attempt = 0; attempt < 3; attempt++) {
      const busy = await healthWhileAccepting(`${child.url}`, pid, () => post(`${child.url}/v1/run-chained-ffmpeg-commands`, json));
      const idle = await healthFor(`${child.url}`, pid, busy.length);
      attempts.push({ busy, idle });
      if (held(attempts[attempts.length - 1]!)) break;
    }
    const show = attempts.map((a) => `busy ${showWaits(a.busy)} / idle ${showWaits(a.idle)}`).join(' | ');
    expect(attempts.some(held), `health waits (ms wall/ms service CPU): ${show}`).toBe(true);
  });

  it('when the command with the most alias references allowed runs, then /v1/health stays answering until it ends', async () => {
    const mediaDir = tempDir('ffdesk-liveness-media-');
    const tiny = makeTinyMedia(mediaDir, { seconds: 1 });
    const media: MediaServer = await startMediaServer(mediaDir);
    try {
      // Every command a filter graph that is nothing but references to one input (its path is
      // put, escaped, at each of them): the substitution that used to be quadratic.
      const step = (i: number) => {
        const head = `-i {{in_0}} -vf "metadata=mode=add:key=k:value='`;
        const tail = `'" -frames:v 1 {{out_${i}}}`;
        return head + '{{in_0}}'.repeat(Math.floor((REQUEST_LIMITS.maxCommandChars - head.length - tail.length) / 8)) + tail;
      };
      const body = {
        input_files: { in_0: `${media.url}/${tiny.video.split('/').pop() as string}` },
        output_files: Object.fromEntries(Array.from({ length: REQUEST_LIMITS.maxSteps }, (_, i) => [`out_${i}`, `o${i}.png`])),
        ffmpeg_commands: Array.from({ length: REQUEST_LIMITS.maxSteps }, (_, i) => step(i)),
        vcpu_count: 1,
        max_command_run_seconds: 60,
      };
      const submitOne = async (): Promise<string> => {
        const res = await post(`${child.url}/v1/run-chained-ffmpeg-commands`, JSON.stringify(body));
        const text = await res.text();
        expect(res.status, text.slice(0, 300)).toBe(200);
        return (JSON.parse(text) as { command_id: string }).command_id;
      };
      const finalStatus = async (commandId: string): Promise<string> => {
        const res = await fetch(`${child.url}/v1/commands/${commandId}`, { headers: { 'X-API-KEY': key } });
        return ((await res.json()) as { status: string }).status;
      };
      // A first run warms the code paths (the steady state is measured, as above).
      const first = await submitOne();
      while (['QUEUED', 'PROCESSING'].includes(await finalStatus(first))) await new Promise((r) => setTimeout(r, 100));
      const pid = child.servicePid();
      const attempts: { busy: WaitCost[]; idle: WaitCost[]; status: string; id: string }[] = [];
      const held = (x: (typeof attempts)[number]) => neverHeld(x.busy, 100, Math.max(...x.idle.map((w) => w.wallMs)));
      for (let attempt = 0; attempt < 3; attempt++) {
        const id = await submitOne();
        const busy: WaitCost[] = [];
        let status = 'QUEUED';
        // The status poll is costed with the health call before it: a stall while it waits counts.
        const poll = async () => void (status = await finalStatus(id));
        while (status === 'QUEUED' || status === 'PROCESSING') busy.push(await healthCost(child.url, pid, poll));
        const idle: WaitCost[] = [];
        for (let i = 0; i < busy.length; i++) idle.push(await healthCost(child.url, pid, async () => void (await finalStatus(id))));
        attempts.push({ busy, idle, status, id });
        // Up to three attempts (docs/contributing.md, "Stall tests"): the stalls guarded against show in every one.
        if (held(attempts[attempts.length - 1]!)) break;
      }
      // The service did get past the substitution and ran ffmpeg.
      const last = attempts[attempts.length - 1] as (typeof attempts)[number];
      const log = await (await fetch(`${child.url}/v1/commands/${last.id}/log`, { headers: { 'X-API-KEY': key } })).text();
      expect(last.status, log.slice(-500)).toBe('SUCCESS');
      const show = attempts.map((x) => `busy ${showWaits(x.busy)} / idle ${showWaits(x.idle)}`).join(' | ');
      expect(attempts.some(held), `health waits (ms wall/ms service CPU): ${show}`).toBe(true);
    } finally {
      await media.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});

/** `count` health answers, one after another, with nothing else sent. */
async function healthFor(url: string, pid: number, count: number): Promise<WaitCost[]> {
  const waits: WaitCost[] = [];
  for (let i = 0; i < count; i++) waits.push(await healthCost(url, pid));
  return waits;
}

/** Health answers, one after another, for as long as `submit` is being answered (which must accept it). */
async function healthWhileAccepting(url: string, pid: number, submit: () => Promise<Response>): Promise<WaitCost[]> {
  let accepted = false;
  const pending = submit().finally(() => {
    accepted = true;
  });
  const waits: WaitCost[] = [];
  while (!accepted) waits.push(await healthCost(url, pid));
  const res = await pending;
  expect(res.status, (await res.text()).slice(0, 500)).toBe(200);
  expect(waits.length).toBeGreaterThan(0);
  return waits;
}
