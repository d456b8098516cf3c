import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { selectBinaries } from '../media/binaries';
import { startWorker } from '../scale-out/worker/worker';
import { allowedCores, parseCoreList } from '../scale-out/worker/worker-cores';
import { stopOnSignals } from './stop-on-signals';
import { closeInheritedDescriptors } from './inherited-fds';

const USAGE =
  'Usage: ffdesk worker --service <url> --redis <redis://host:port> [--token T] [--vcpus N] [--cores 0,2-3] [--work-dir D]\n  (or env FFDESK_SERVICE_URL, FFDESK_REDIS_URL, FFDESK_WORKER_TOKEN, FFDESK_WORKER_VCPUS, FFDESK_WORKER_CORES, FFDESK_WORKER_DIR)\n';

/** `ffdesk worker` / `npm run worker`: a scale-out worker; returns -1 (lives until a signal). */
export async function workerCommand(args: string[]): Promise<number> {
  closeInheritedDescriptors(); // before any ffmpeg starts (docs/sandbox.md, "Clean process start")
  const { values } = parseArgs({
    args,
    options: {
      service: { type: 'string' },
      redis: { type: 'string' },
      token: { type: 'string' },
      vcpus: { type: 'string' },
      cores: { type: 'string' },
      'work-dir': { type: 'string' },
    },
  });
  const env = process.env;
  const serviceUrl = values.service ?? env.FFDESK_SERVICE_URL;
  const redisUrl = values.redis ?? env.FFDESK_REDIS_URL;
  const token = values.token ?? env.FFDESK_WORKER_TOKEN;
  const coresText = values.cores ?? env.FFDESK_WORKER_CORES;
  const cores = coresText === undefined ? allowedCores() : parseCoreList(coresText);
  const vcpus = Number(values.vcpus ?? env.FFDESK_WORKER_VCPUS ?? cores?.length);
  if (!serviceUrl || !redisUrl || !token || !cores || !Number.isInteger(vcpus) || vcpus < 1) {
    const why = !token
      ? 'worker: a worker token is needed (--token or FFDESK_WORKER_TOKEN; make one with `ffdesk workers token` on the service machine)\n'
      : !cores
        ? `worker: --cores takes a list such as 0,2-3, not ${JSON.stringify(coresText)}\n`
        : '';
    process.stderr.write(`${why}${USAGE}`);
    return 2;
  }
  const workDir = path.resolve(values['work-dir'] ?? env.FFDESK_WORKER_DIR ?? path.join(os.tmpdir(), 'ffdesk-worker'));
  const binaries = await selectBinaries();
  const worker = await startWorker({
    serviceUrl,
    redisUrl,
    token,
    vcpus,
    cores,
    workDir,
    binaries,
    ...(env.FFDESK_WORKER_STALLED_MS ? { stalledMs: Number(env.FFDESK_WORKER_STALLED_MS) } : {}),
    log: (m) => console.log(`[ffdesk worker] ${m}`),
    onRevoked: () => process.exit(1),
  });
  console.log(`FFDesk worker ${worker.id} ready: ${vcpus} vcpus on core(s) ${cores.join(',')}, service ${serviceUrl}, work dir ${workDir}`);
  stopOnSignals('running commands go back to the queue', () => worker.stop());
  return -1;
}
