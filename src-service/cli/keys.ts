import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createAccountsRepo } from '../accounts/accounts-repo';
import { createCommandsRepo } from '../jobs/commands-repo';
import { createFilesRepo } from '../files/files-repo';
import { LOCAL_KEY_FILE, readKeyFile } from '../service/bootstrap';
import { printTable } from './output';
import { userDataDir } from './user-path';

const MB = 1024 * 1024;

/** FFDESK_DATA_DIR (a relative one from the folder the user is in), else the default data dir. */
function keysDataDir(): string {
  return userDataDir() ?? loadConfig().dataDir;
}

/** `keys create|list|revoke|local`, straight on the database of FFDESK_DATA_DIR (works while the service runs: WAL). */
export function keysCommand(args: string[]): number {
  const [sub, ...rest] = args;
  const dataDir = keysDataDir();
  if (sub === 'local') return printLocalKey(dataDir);
  // Listing or revoking reads an existing database: opening would create an empty one elsewhere.
  if ((sub === 'list' || sub === 'revoke') && !fs.existsSync(path.join(dataDir, 'ffdesk.db'))) {
    process.stderr.write(
      `No FFDesk data in ${dataDir} (looked for ${path.join(dataDir, 'ffdesk.db')}).\nSet FFDESK_DATA_DIR to the service's data folder, or start the service once (npm run serve).\n`,
    );
    return 1;
  }
  const db = openDatabase(dataDir);
  try {
    const accounts = createAccountsRepo(db);
    if (sub === 'create') return createKey(accounts, rest);
    if (sub === 'list') return listKeys(accounts, createCommandsRepo(db), createFilesRepo(db));
    if (sub === 'revoke') return revokeKey(accounts, rest);
    process.stderr.write(
      'Usage: keys create --plan trial|pro [--storage-quota-mb N] [--processing-quota-mb N] | keys list | keys revoke <key-id|prefix> | keys local\n',
    );
    return 2;
  } finally {
    db.close();
  }
}

function createKey(accounts: ReturnType<typeof createAccountsRepo>, args: string[]): number {
  const { values } = parseArgs({
    args,
    options: { plan: { type: 'string' }, 'storage-quota-mb': { type: 'string' }, 'processing-quota-mb': { type: 'string' }, label: { type: 'string' } },
  });
  if (values.plan !== 'trial' && values.plan !== 'pro') {
    process.stderr.write('keys create: --plan must be trial or pro\n');
    return 2;
  }
  const storage = quotaBytes(values['storage-quota-mb']);
  const processing = quotaBytes(values['processing-quota-mb']);
  if (storage === undefined || processing === undefined) {
    process.stderr.write('keys create: quotas must be non-negative numbers of megabytes\n');
    return 2;
  }
  const account = accounts.createAccount(values.plan, { storageQuotaBytes: storage, processingQuotaBytes: processing });
  const { id, key } = accounts.addKey(account.id, undefined, values.label ?? null);
  process.stderr.write(`Created ${values.plan} account ${account.id} with key ${id}. The key is shown once:\n`);
  process.stdout.write(`${key}\n`);
  return 0;
}

function quotaBytes(v: string | undefined): number | null | undefined {
  if (v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * MB) : undefined;
}

function listKeys(
  accounts: ReturnType<typeof createAccountsRepo>,
  commands: ReturnType<typeof createCommandsRepo>,
  files: ReturnType<typeof createFilesRepo>,
): number {
  const rows = accounts.listKeys().map((k) => {
    const a = accounts.getAccount(k.accountId);
    const quota = (n: number | null | undefined) => (n === null || n === undefined ? 'unlimited' : `${(n / MB).toFixed(1)} MB`);
    return {
      key_id: k.id,
      prefix: `${k.prefix}…`,
      plan: a?.plan ?? '?',
      status: k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
      storage: `${(files.storageUsedBytes(k.accountId) / MB).toFixed(1)} MB / ${quota(a?.storageQuotaBytes)}`,
      processing: `${(commands.processingUsedBytes(k.accountId) / MB).toFixed(1)} MB / ${quota(a?.processingQuotaBytes)}`,
      label: k.label ?? '',
    };
  });
  if (rows.length === 0) process.stderr.write('No keys yet: keys create --plan trial|pro\n');
  else printTable(rows, ['key_id', 'prefix', 'plan', 'status', 'storage', 'processing', 'label']);
  return 0;
}

function revokeKey(accounts: ReturnType<typeof createAccountsRepo>, args: string[]): number {
  const target = args[0]?.replace(/…$/, '');
  if (!target) {
    process.stderr.write('Usage: keys revoke <key-id|prefix>\n');
    return 2;
  }
  if (!accounts.revokeKey(target)) {
    process.stderr.write(`No active key matches ${target}\n`);
    return 1;
  }
  process.stdout.write(`Revoked ${target}\n`);
  return 0;
}

/**
 * `keys local`: the local account's whole key, as the last line of stdout (`keys list` shows
 * only prefixes: the database keeps hashes). It is read from the key file the service writes.
 */
function printLocalKey(dataDir: string): number {
  const file = path.join(dataDir, LOCAL_KEY_FILE);
  const key = readKeyFile(file);
  if (!key) {
    const configured = process.env.FFDESK_API_KEY ? ' The service started with FFDESK_API_KEY uses that value as its key.' : '';
    process.stderr.write(
      `No local key in ${file}.${configured}\nSet FFDESK_DATA_DIR to the service's data folder, or start the service once (npm run serve) so it writes its key.\n`,
    );
    return 1;
  }
  if (isRevoked(dataDir, key)) {
    process.stderr.write(`The key in ${file} was revoked; the service makes a new one when it starts again (npm run serve).\n`);
    return 1;
  }
  process.stderr.write(`The local key (from ${file}):\n`);
  process.stdout.write(`${key}\n`);
  return 0;
}

function isRevoked(dataDir: string, key: string): boolean {
  if (!fs.existsSync(path.join(dataDir, 'ffdesk.db'))) return false;
  const db = openDatabase(dataDir);
  try {
    return Boolean(createAccountsRepo(db).findKey(key)?.revokedAt);
  } finally {
    db.close();
  }
}
