import fs from 'node:fs';
import path from 'node:path';
import type { FilesRepo } from './files-repo';
import type { UploadsRepo } from './uploads-repo';
import type { UploadSessions } from './upload-sessions';
import type { StoreTask } from './upload-store';
import { nowIso } from '../db/time';
import { createWorkQueue } from '../work/work-queue';
import { periodicSource } from '../work/sources';

/** How often expired upload sessions are swept. */
const SWEEP_MS = 10 * 60_000;

export interface SweepDeps {
  files: FilesRepo;
  repo: UploadsRepo;
  stagingDir: string;
  sessions: Pick<UploadSessions, 'expire' | 'discard'>;
  store(task: StoreTask): void;
  log(msg: string): void;
}

/** The upload sweep: at start (what a crash or a stop left), then every SWEEP_MS on a periodic work queue. */
export function createUploadSweep(deps: SweepDeps) {
  const sweeps = createWorkQueue<string>({
    name: 'upload',
    key: (k) => k,
    source: periodicSource('sweep', SWEEP_MS, Date.now() + SWEEP_MS),
    handle: async () => sweep(),
    log: deps.log,
  });

  /** Expired sessions are failed and swept from disk; so are stagings of sessions that ended, or that no record owns. */
  function sweep(): void {
    for (const u of deps.repo.expired(nowIso())) deps.sessions.expire(u);
    for (const u of deps.repo.finished()) deps.sessions.discard(u);
    const owners = new Set(deps.files.inStatus('UPLOADING').map((r) => r.id));
    for (const row of deps.files.inStatus('UPLOADED')) {
      owners.add(row.id);
      const staging = path.join(deps.stagingDir, `${row.id}.upload`);
      if (fs.existsSync(staging)) {
        deps.store({ row, staging, failOnError: false, blocks: [] }); // one already storing is not stored twice
      } else {
        deps.files.setFailed(row.id, 'UPLOADED', 'INTERRUPTED', 'The service stopped before the upload was stored');
      }
    }
    // Left by a crash: a staging file whose init never committed, or whose upload was stored.
    for (const name of fs.readdirSync(deps.stagingDir)) {
      if (!owners.has(name.split('.')[0] as string)) fs.rmSync(path.join(deps.stagingDir, name), { force: true });
    }
  }

  return {
    /** A first sweep now, then the periodic ones. */
    start(): void {
      sweep();
      sweeps.start();
    },
    stop: () => sweeps.stop(),
  };
}
