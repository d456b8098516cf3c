import { parseArgs } from 'node:util';
import type { CommandRecord } from '../client/index';
import { connect } from './context';
import { EXIT, UsageError } from './exit-codes';
import { printJson, printLine, printTable } from './output';
import { waitWithProgress } from './run';

const JSON_FLAG = { json: { type: 'boolean', default: false } } as const;

function oneId(args: string[], usage: string, extra = {}) {
  const { values, positionals } = parseArgs({ args, options: { ...JSON_FLAG, ...extra }, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(`Usage: ${usage}`);
  return { id: positionals[0] as string, values: values as { json: boolean } & Record<string, unknown> };
}

/** `status <id> [--wait] [--json]`: exit 1 when the command FAILED, so `&&` chains behave. */
export async function statusCommand(args: string[]): Promise<number> {
  const { id, values } = oneId(args, 'ffdesk status <command_id> [--wait] [--json]', { wait: { type: 'boolean', default: false } });
  const client = connect();
  const record = values.wait ? await waitWithProgress(client, id, values.json) : await client.getCommand(id);
  if (values.json) printJson(record);
  else printRecord(record);
  return record.status === 'FAILED' ? EXIT.FAILED : EXIT.OK;
}

function printRecord(r: CommandRecord): void {
  printLine(`${r.command_id}  ${r.status}  ${r.command_type}  ${r.created_at}`);
  if (r.progress?.percent !== undefined && r.progress.percent !== null) printLine(`progress  ${r.progress.percent}%`);
  if (r.status === 'FAILED') printLine(`${r.error_status ?? ''}: ${r.error_message ?? ''}`);
  for (const [alias, f] of Object.entries(r.output_files ?? {})) printLine(`${alias}\t${f.storage_url ?? '(private)'}\t${f.file_id}`);
}

/** `ls [--limit N] [--json]`: commands, newest first. */
export async function listCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { ...JSON_FLAG, limit: { type: 'string', default: '20' } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');
  const items = await connect().listCommands({ limit });
  if (values.json) printJson(items);
  else {
    const rows = items.map((c) => ({
      command_id: c.command_id,
      status: c.status,
      created_at: c.created_at,
      outputs: String(c.output_file_count),
      error: c.error_status ?? '',
    }));
    printTable(rows, ['command_id', 'status', 'created_at', 'outputs', 'error']);
  }
  return EXIT.OK;
}

export async function cancelCommand(args: string[]): Promise<number> {
  const { id, values } = oneId(args, 'ffdesk cancel <command_id> [--json]');
  const record = await connect().cancelCommand(id);
  if (values.json) printJson(record);
  else printLine(`${record.command_id}  ${record.status}  ${record.error_status ?? ''}`);
  return EXIT.OK;
}

export async function logCommand(args: string[]): Promise<number> {
  const { id } = oneId(args, 'ffdesk log <command_id>');
  process.stdout.write(await connect().getCommandLog(id));
  return EXIT.OK;
}
