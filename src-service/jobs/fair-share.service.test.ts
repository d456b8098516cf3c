import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;
let otherKey: string;

beforeAll(async () => {
  svc = await startTestService({ vcpuBudget: 2 });
  const other = svc.service.parts.accounts.createAccount('pro');
  otherKey = svc.service.parts.accounts.addKey(other.id).key;
});

afterAll(async () => {
  await svc.stop();
});

/** A command that takes about `seconds` of wall time (-re reads the source in real time). */
const slow = (seconds: number, name: string) => ({
  output_files: { out_1: name },
  ffmpeg_command: `-re -f lavfi -i testsrc=size=64x48:rate=10:duration=${seconds} -preset ultrafast {{out_1}}`,
  vcpu_count: 1,
});

async function submit(body: object, key: string): Promise<string> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', body, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.command_id as string;
}

async function finalStatus(id: string, key: string): Promise<string> {
  for (;;) {
    const res = await svc.api('GET', `/v1/commands/${id}`, undefined, { key });
    if (res.body.status === 'SUCCESS' || res.body.status === 'FAILED') return res.body.status as string;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const startedAt = (id: string) => svc.service.parts.commands.getAny(id)?.startedAt ?? null;

describe('fair share between accounts', () => {
  it("when one account has queued many commands, then another account's short command starts in the next round, and each account keeps its order", async () => {
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push(await submit(slow(1.5, `a${i}.mp4`), svc.key));
    // Both cores are taken by the first account's first two commands; three more wait.
    await svc.waitForCommand(mine[1] as string, { until: (b) => b.status !== 'QUEUED' });
    const theirs = await submit(slow(0.2, 'b.mp4'), otherKey);
    expect(await finalStatus(theirs, otherKey)).toBe('SUCCESS');
    for (const id of mine) await svc.waitForCommand(id, { timeoutMs: 60_000 });

    const theirStart = startedAt(theirs) as string;
    const myStarts = mine.map((id) => startedAt(id) as string);
    // Started as soon as the first core came free: not after the first account's third command.
    // The first two end together, so both cores often free in one tick and the two start in the
    // same millisecond (a CI run: 13:50:03.243 both); first in first out would have started the
    // first account's third and fourth there, and this one after them.
    expect(theirStart <= (myStarts[2] as string), `other: ${theirStart}, mine: ${myStarts.join(' ')}`).toBe(true);
    expect(theirStart < (myStarts[3] as string), `other: ${theirStart}, mine: ${myStarts.join(' ')}`).toBe(true);
    expect([...myStarts].sort()).toEqual(myStarts);
  });
});
