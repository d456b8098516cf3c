import { parseArgs } from 'node:util';
import type { StoredFile } from '../client/index';
import { connect } from './context';
import { EXIT, UsageError } from './exit-codes';
import { uploadLocalFile, waitForStoredFile } from './inputs';
import { printJson, printLine, printTable } from './output';

const JSON_FLAG = { json: { type: 'boolean', default: false } } as const;

function printFile(f: StoredFile): void {
  const size = f.size_mbytes === undefined ? '' : `${f.size_mbytes.toFixed(2)} MB`;
  printLine(`${f.file_id}  ${f.status.padEnd(8)}  ${(f.filename ?? '').padEnd(24)}  ${size.padStart(10)}  ${f.storage_url ?? '(private)'}`);
}

function fileRow(f: StoredFile): Record<string, string> {
  return {
    file_id: f.file_id,
    status: f.status,
    filename: f.filename ?? '',
    size: f.size_mbytes === undefined ? '' : `${f.size_mbytes.toFixed(2)} MB`,
    storage_url: f.storage_url ?? '(private)',
  };
}

function finish(f: StoredFile, json: boolean): number {
  if (json) printJson(f);
  else printFile(f);
  return f.status === 'FAILED' ? EXIT.FAILED : EXIT.OK;
}

/** `files ls|get|rm`. */
export async function filesCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { ...JSON_FLAG, limit: { type: 'string', default: '50' }, all: { type: 'boolean', default: false }, 'presigned-ttl': { type: 'string' } },
    allowPositionals: true,
  });
  const client = connect();
  if (sub === 'ls') {
    const files = await client.listFiles({ limit: Number(values.limit), status: values.all ? 'all' : undefined });
    if (values.json) printJson(files);
    else printTable(files.map(fileRow), ['file_id', 'status', 'filename', 'size', 'storage_url']);
    return EXIT.OK;
  }
  if (sub === 'get' && positionals.length === 1) {
    const ttl = values['presigned-ttl'] === undefined ? undefined : Number(values['presigned-ttl']);
    return finish(await client.getFile(positionals[0] as string, { presignedTtlSeconds: ttl }), values.json);
  }
  if (sub === 'rm' && positionals.length >= 1) {
    const { deleted_file_ids } = await client.bulkDelete(positionals);
    if (values.json) printJson({ deleted_file_ids });
    else deleted_file_ids.forEach((id) => printLine(`deleted ${id}`));
    return EXIT.OK;
  }
  throw new UsageError('Usage: ffdesk files ls [--limit N] [--all] | files get <file_id> [--presigned-ttl S] | files rm <file_id>... [--json]');
}

/** `upload FILE [--private] [--json]`: multipart upload, then waits until probed (STORED). */
export async function uploadCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { ...JSON_FLAG, private: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('Usage: ffdesk upload <file> [--private] [--json]');
  return finish(await uploadLocalFile(connect(), positionals[0] as string, { isPrivate: values.private, json: values.json }), values.json);
}

/** `store URL [--private] [--wait] [--json]` (docs/api.md §4.7). */
export async function storeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { ...JSON_FLAG, private: { type: 'boolean', default: false }, wait: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('Usage: ffdesk store <url> [--private] [--wait] [--json]');
  const client = connect();
  const { file_id } = await client.storeFile({ file_url: positionals[0] as string, ...(values.private ? { is_private: true } : {}) });
  if (values.wait) return finish(await waitForStoredFile(client, file_id), values.json);
  if (values.json) printJson({ file_id });
  else printLine(file_id);
  return EXIT.OK;
}
