import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

/**
 * A cancel is what the user asked for, not a fault: the service's log says nothing of it. It
 * logged the CancelledError with its whole stack, as for an internal error (docs/api.md, "FFDesk extras").
 */
const logged: string[] = [];
let svc: TestService;
beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
  svc = await startTestService({ quiet: false });
});
afterAll(async () => {
  await svc?.stop();
  vi.restoreAllMocks();
});

describe('the service log', () => {
  it('when a running command is cancelled, then no error or stack is logged for it', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'out.mp4' },
      // Paced to real time (-re): still running when the cancel comes, whatever the load.
      ffmpeg_command: '-re -f lavfi -i testsrc=duration=30:size=64x48:rate=10 -c:v libx264 -preset ultrafast {{out_1}}',
    });
    expect(res.status, res.text).toBe(200);
    const id = res.body.command_id as string;
    await svc.waitForCommand(id, { until: (c) => c.status === 'PROCESSING' });
    // ffmpeg started (its sandbox and the input probe come first).
    await new Promise((r) => setTimeout(r, 1500));
    const cancel = await svc.api('POST', `/v1/commands/${id}/cancel`);
    expect(cancel.status, cancel.text).toBeLessThan(300);
    const done = await svc.waitForCommand(id);
    expect(done.error_status).toBe('CANCELLED');
    const about = logged.filter((l) => l.includes(id));
    expect(about.filter((l) => /Error|\n\s+at /.test(l))).toEqual([]);
  });
});
