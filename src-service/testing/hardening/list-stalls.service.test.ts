import fs from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { startMediaServer, type MediaServer } from '../media';
import { expectHealthHeldDuring, STALL_ATTACKS, writeStallMedia } from './list-stall-attacks';

/**
 * Regex stalls (docs/sandbox.md, "Work on the event loop"): while each list-file attack of
 * testing/hardening/list-stall-attacks.ts is processed, no health call (nor the status poll
 * after it) waits on more than 100 ms of the service's main-thread CPU. The escape catalogue runs the same attacks with the sandbox on and off.
 */
let svc: TestService;
let media: MediaServer;
let served: string;

beforeAll(async () => {
  served = tempDir('ffdesk-stall-media-');
  writeStallMedia(served);
  media = await startMediaServer(served);
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
  if (served) fs.rmSync(served, { recursive: true, force: true });
});

describe('list checks never stall the service', () => {
  it.each(STALL_ATTACKS)('when $name is processed, then /v1/health never waits on more than 100 ms of the service’s work', async (attack) => {
    await expectHealthHeldDuring(svc, attack, media.url);
  });
});
