import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, type TestService } from '../harness';
import { RECORD_LIMITS } from '../../accounts/record-limits';
import { otherAccountKey } from './fixtures';
import { expectHealthHeldDuring, STALL_ATTACKS } from './list-stall-attacks';
import { deadInputs, durableBytes, FLOOD_PRESET } from './record-flood';
import { runWatchSwapRace } from './swap-race';
import { listedFds } from './standin-ffmpeg';
import { fdListingThrough, heldLeak, startServiceWithExtraFd } from './inherited-fd-service';

const STALL_MARGIN_MS = 1_500;

/** What the catalogue's suite hands its other classes (read once its beforeAll has run). */
export interface ClassContext {
  svc: TestService;
  mediaUrl: string;
  /** The canary token planted outside every job folder. */
  token: string;
  /** The stand-in ffmpeg (standin-ffmpeg.ts) the catalogue's service runs. */
  standinPath: string;
  sandboxOn: boolean;
  /** Counts a trial; a held one is not an escape. */
  tried(name: string, held: boolean): void;
}

/**
 * The escape catalogue's classes beyond ffmpeg tricks (docs/sandbox.md, "How the layers are
 * tested"): regex stalls, record floods, the watch-folder swap race and descriptor leaks, each
 * through the helpers its own test uses (no second copy), run with the catalogue's service in
 * each of its three ways. Links, FIFOs and hard links as outputs are OUTPUT_TRICKS (escape-tricks.ts).
 */
export function defineOtherClasses(get: () => ClassContext): void {
  describe('regex stalls: list files whose checks were quadratic on the event loop', () => {
    for (const attack of STALL_ATTACKS) {
      it(`when ${attack.name} is processed, then /v1/health keeps answering (no stall)`, async () => {
        const c = get();
        let held = false;
        try {
          // The stalls of this class lasted seconds to minutes at 1 MiB: 1.5 s of the service's
          // main-thread CPU catches each (a tighter margin was not tried here; the measure no longer
          // counts load). list-stalls.service.test.ts holds the 100 ms bound.
          await expectHealthHeldDuring(c.svc, attack, c.mediaUrl, STALL_MARGIN_MS);
          held = true;
        } finally {
          c.tried(`regex stall: ${attack.name}`, held);
        }
      });
    }
  });

  describe('record floods: a small request asking for a large database', () => {
    it('when a trial key sends a batch of 600 items of its largest preset, then 422 and the database does not grow', async () => {
      const c = get();
      const key = otherAccountKey(c.svc, 'trial');
      expect((await c.svc.api('POST', '/v1/presets', FLOOD_PRESET, { key })).status).toBe(200);
      const before = durableBytes(c.svc);
      const res = await c.svc.api('POST', '/v1/batches', { preset: 'flood', inputs: deadInputs(600) }, { key });
      const grown = durableBytes(c.svc) - before;
      c.tried('record flood: a 600-item batch', res.status === 422 && grown < 256 * 1024);
      expect(res.status, res.text.slice(0, 300)).toBe(422);
      expect(res.body.detail[0].msg).toMatch(`at most ${RECORD_LIMITS.trial.batchItems} items`);
      expect(grown).toBeLessThan(256 * 1024);
    });
  });

  describe('the watch-folder swap race', () => {
    it("when a dropped file is swapped for a link to the data dir's secret between its check and its read, then the copy holds the checked bytes", async () => {
      const c = get();
      const tmp = tempDir('ffdesk-swap-');
      try {
        const race = await runWatchSwapRace(tmp, path.join(c.svc.dataDir, 'canary-secret.txt'));
        c.tried('watch-folder swap race', !race.copied.includes(c.token) && race.reopen !== 'opened');
        expect(race.copied).toBe('the dropped file');
        expect(race.copied).not.toContain(c.token);
        expect(race.reopen).toMatch(/symbolic link/);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });
  });

  describe.skipIf(process.platform !== 'linux')('descriptor leaks', () => {
    it("when the service was started with an extra open descriptor, then the ffmpeg it runs (this catalogue run's sandbox setting) does not hold it", async () => {
      const c = get();
      const dir = tempDir('ffdesk-fd-catalogue-');
      const key = `ffd_${crypto.randomBytes(16).toString('hex')}`;
      const svc = await startServiceWithExtraFd({ dataDir: path.join(dir, 'data'), key, ffmpegPath: c.standinPath, sandbox: c.sandboxOn ? 'require' : 'off' });
      try {
        const { status, error, listing } = await fdListingThrough(svc, key);
        const fds = listedFds(listing);
        const leak = heldLeak(listing, svc.heldPath);
        c.tried('descriptor leak', status === 'SUCCESS' && fds.includes('0') && leak === null);
        expect(status, error).toBe('SUCCESS');
        expect(fds, listing).toContain('0'); // control: it did list
        expect(leak, listing).toBeNull();
      } finally {
        await svc.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 90_000);
  });
}
