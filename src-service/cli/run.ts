import fs from 'node:fs';
import path from 'node:path';
import { writeExclusive } from '../local/create-exclusive';
import { parseArgs } from 'node:util';
import { Readable } from 'node:stream';
import type { CommandRecord, RunChainedRequest, RunCommandRequest } from '../client/index';
import { normalizeArgs } from './args';
import { connect, type Client } from './context';
import { EXIT, UsageError } from './exit-codes';
import { assertLocalInputsExist, isUrl, parsePairs, placeholderInputs, resolveInputs } from './inputs';
import { userPath } from './user-path';
import { createProgressView, describeProgress, note, printJson, printLine } from './output';

const OPTIONS = {
  in: { type: 'string', multiple: true, default: [] as string[] },
  out: { type: 'string', multiple: true, default: [] as string[] },
  chain: { type: 'string', multiple: true, default: [] as string[] },
  private: { type: 'boolean', default: false },
  vcpu: { type: 'string' },
  wait: { type: 'boolean', default: false },
  download: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;
const STRING_OPTIONS = ['in', 'out', 'chain', 'vcpu', 'download'];

/** `ffdesk run "<args>" --in in_1=<url|file> --out out_1=name.mp4 [--chain "<args>"]... [--wait] [--download DIR]`. */
export async function runCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: normalizeArgs(args, STRING_OPTIONS), options: OPTIONS, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('run expects exactly one quoted ffmpeg argument string');
  const request = buildRequest(positionals[0] as string, values);
  const client = connect();
  const chained = values.chain.length > 0;
  const inputs = parsePairs(values.in, '--in');
  if (Object.values(inputs).some((v) => !isUrl(v))) {
    // Checked before any upload: a request the service refuses leaves no stray uploaded file.
    assertLocalInputsExist(inputs);
    await client.checkCommand({ ...request, input_files: placeholderInputs(inputs) } as RunCommandRequest, chained);
  }
  if (Object.keys(inputs).length) request.input_files = await resolveInputs(client, inputs, values.json);
  const id = chained ? (await client.runChained(request as RunChainedRequest)).command_id : (await client.runCommand(request as RunCommandRequest)).command_id;
  if (!values.wait && !values.download) {
    if (values.json) printJson({ command_id: id });
    else printLine(id);
    return EXIT.OK;
  }
  const record = await waitWithProgress(client, id, values.json);
  if (record.status === 'SUCCESS' && values.download) await downloadOutputs(client, record, userPath(values.download), values.json);
  reportRecord(record, values.json);
  return record.status === 'SUCCESS' ? EXIT.OK : EXIT.FAILED;
}

type RunValues = { out: string[]; chain: string[]; private: boolean; vcpu?: string };

function buildRequest(command: string, values: RunValues): Partial<RunChainedRequest & RunCommandRequest> {
  if (values.out.length === 0) throw new UsageError('run needs at least one --out out_1=name.ext (or --out OUTPUT_FOLDER)');
  const output_files = values.out.length === 1 && values.out[0] === 'OUTPUT_FOLDER' ? 'OUTPUT_FOLDER' : parsePairs(values.out, '--out');
  const vcpu = values.vcpu === undefined ? undefined : Number(values.vcpu);
  if (vcpu !== undefined && !(Number.isInteger(vcpu) && vcpu > 0)) throw new UsageError('--vcpu must be a positive integer');
  const request: Partial<RunChainedRequest & RunCommandRequest> = { output_files };
  if (values.chain.length) request.ffmpeg_commands = [command, ...values.chain];
  else request.ffmpeg_command = command;
  if (values.private) request.is_private = true;
  if (vcpu !== undefined) request.vcpu_count = vcpu;
  return request;
}

/** Polls until the command ends, drawing its progress (bar on a TTY, lines otherwise). */
export async function waitWithProgress(client: Client, id: string, json: boolean): Promise<CommandRecord> {
  const view = createProgressView({ json });
  const record = await client.waitForCommand(id, {
    intervalMs: 250,
    onPoll: (r) => {
      const pct = r.progress?.percent;
      view.update(
        r.status,
        r.status === 'SUCCESS' ? 1 : typeof pct === 'number' ? pct / 100 : r.status === 'PROCESSING' ? null : 0,
        describeProgress(r.progress),
      );
    },
  });
  view.done();
  return record;
}

export async function downloadOutputs(client: Client, record: CommandRecord, dir: string, json: boolean): Promise<void> {
  // Private outputs need a presigned URL (docs/api.md §4.9); a short TTL suffices for an immediate download.
  const signed = await client.getCommand(record.command_id, { presignedTtlSeconds: 3600 });
  fs.mkdirSync(dir, { recursive: true });
  for (const [alias, file] of Object.entries(signed.output_files ?? {})) {
    if (!file.storage_url) continue;
    const res = await client.openStorageUrl(file.storage_url);
    if (!res.body) throw new Error(`Download of ${alias} failed: an empty answer`);
    // Never over a file already there (it overwrote one quietly): "clip (1).mp4", as Save to names it (README, "The CLI").
    // Streamed: outputs can be far larger than memory.
    const target = await writeExclusive(dir, path.basename(file.filename ?? alias), Readable.fromWeb(res.body));
    if (!json) note(`saved ${alias} -> ${target}`);
  }
}

export function reportRecord(record: CommandRecord, json: boolean): void {
  if (json) return printJson(record);
  if (record.status === 'FAILED') {
    note(`FAILED ${record.error_status ?? ''}: ${record.error_message ?? ''}`);
    return;
  }
  for (const [alias, f] of Object.entries(record.output_files ?? {})) printLine(`${alias}\t${f.storage_url ?? '(private)'}\t${f.file_id}`);
}
