import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createWorkersRepo } from '../scale-out/workers-repo';
import { userDataDir } from './user-path';

/** `workers token [--label L] | tokens | revoke <id>`, straight on the database of FFDESK_DATA_DIR (like `keys`). */
export function workersCommand(args: string[]): number {
  const [sub, ...rest] = args;
  const db = openDatabase(userDataDir() ?? loadConfig().dataDir);
  try {
    const workers = createWorkersRepo(db);
    if (sub === 'token') {
      const { values } = parseArgs({ args: rest, options: { label: { type: 'string' } } });
      const { id, token } = workers.createToken(values.label ?? null);
      process.stderr.write(`Created worker token ${id}. Give it to a worker (--token or FFDESK_WORKER_TOKEN); it is shown once:\n`);
      process.stdout.write(`${token}\n`);
      return 0;
    }
    if (sub === 'tokens') {
      console.table(workers.listTokens().map((t) => ({ id: t.id, label: t.label, created_at: t.createdAt, revoked_at: t.revokedAt })));
      return 0;
    }
    if (sub === 'revoke' && rest[0]) {
      if (!workers.revokeToken(rest[0])) {
        process.stderr.write(`No active worker token matches ${rest[0]}\n`);
        return 1;
      }
      process.stdout.write(`Revoked ${rest[0]}\n`);
      return 0;
    }
    process.stderr.write('Usage: workers token [--label L] | workers tokens | workers revoke <token-id>\n');
    return 2;
  } finally {
    db.close();
  }
}
