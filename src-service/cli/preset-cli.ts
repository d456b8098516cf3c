import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { API } from '../client/index';
import { normalizeArgs } from './args';
import { connect } from './context';
import type { CallInput } from '../client/index';
import { EXIT, UsageError } from './exit-codes';
import { parsePairs, resolveInputs } from './inputs';
import { note, printJson, printLine } from './output';
import { downloadOutputs, reportRecord, waitWithProgress } from './run';
import { userPath } from './user-path';

const OPTIONS = {
  in: { type: 'string', multiple: true, default: [] as string[] },
  set: { type: 'string', multiple: true, default: [] as string[] },
  version: { type: 'string' },
  private: { type: 'boolean', default: false },
  cache: { type: 'boolean' },
  wait: { type: 'boolean', default: false },
  download: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;
const STRING_OPTIONS = ['in', 'set', 'version', 'download'];

/** `ffdesk preset ls|show|run|export|import|rm` (docs/presets.md). */
export async function presetCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: normalizeArgs(args, STRING_OPTIONS), options: OPTIONS, allowPositionals: true });
  const [sub, name, ...rest] = positionals;
  const client = connect();
  const version = values.version === undefined ? undefined : Number(values.version);
  if (version !== undefined && !(Number.isInteger(version) && version > 0)) throw new UsageError('--version must be a positive integer');
  const needName = () => {
    if (!name || rest.length) throw new UsageError(`preset ${sub} expects one preset name`);
    return name;
  };
  switch (sub) {
    case 'ls': {
      const list = await client.call(API.listPresets);
      if (values.json) printJson(list);
      else for (const p of list) printLine(`${p.name}\tv${p.version}\t${p.builtin ? 'built-in' : 'saved'}\t${p.title ?? p.description ?? ''}`);
      return EXIT.OK;
    }
    case 'show':
      printJson(await client.call(API.getPreset, { params: { name: needName() }, query: { version } }));
      return EXIT.OK;
    case 'export':
      printJson(await client.call(API.exportPreset, { params: { name: needName() }, query: { version } }));
      return EXIT.OK;
    case 'import': {
      const file = name;
      if (!file || rest.length) throw new UsageError('preset import expects one JSON file (from preset export)');
      // Checked by the service (422 with the issues), as any caller's body.
      const body = JSON.parse(fs.readFileSync(userPath(file), 'utf8')) as ImportBody;
      const saved = await client.call(API.importPreset, { body });
      if (values.json) printJson(saved);
      else printLine(`${saved.name}\tv${saved.version}`);
      return EXIT.OK;
    }
    case 'rm':
      await client.call(API.deletePreset, { params: { name: needName() } });
      return EXIT.OK;
    case 'run':
      return runPreset(needName(), version, values);
    case 'batch':
      if (!name || rest.length === 0) throw new UsageError('preset batch expects a preset name and one or more files or URLs');
      return runBatch(name, version, rest, values);
    default:
      throw new UsageError('preset expects ls, show <name>, run <name>, batch <name> <file|url>..., export <name>, import <file> or rm <name>');
  }
}

type ImportBody = CallInput<typeof API.importPreset>['body'];
type RunValues = { in: string[]; set: string[]; private: boolean; cache?: boolean; wait: boolean; download?: string; json: boolean };

async function runPreset(name: string, version: number | undefined, values: RunValues): Promise<number> {
  const client = connect();
  const input_files = values.in.length ? await resolveInputs(client, parsePairs(values.in, '--in'), values.json) : undefined;
  // Values go as text; the service converts them by the parameter's declared type.
  const parameters = parsePairs(values.set, '--set');
  const body = { version, parameters, input_files, is_private: values.private || undefined, cache: values.cache };
  const { command_id } = await client.call(API.runPreset, { params: { name }, body });
  if (!values.wait && !values.download) {
    if (values.json) printJson({ command_id });
    else printLine(command_id);
    return EXIT.OK;
  }
  const record = await waitWithProgress(client, command_id, values.json);
  if (record.status === 'SUCCESS' && values.download) await downloadOutputs(client, record, userPath(values.download), values.json);
  if (record.status === 'SUCCESS' && record.cache_hit && !values.json) note('result cache hit: outputs reused');
  reportRecord(record, values.json);
  return record.status === 'SUCCESS' ? EXIT.OK : EXIT.FAILED;
}

/** `preset batch <name> <file|url>...`: one command per input; --wait follows the batch, --download saves the zip of outputs. */
async function runBatch(name: string, version: number | undefined, sources: string[], values: RunValues): Promise<number> {
  const client = connect();
  const urls = Object.values(await resolveInputs(client, Object.fromEntries(sources.map((src, i) => [`in_${i}`, src])), values.json));
  const body = {
    preset: name,
    version,
    parameters: parsePairs(values.set, '--set'),
    inputs: urls,
    is_private: values.private || undefined,
    cache: values.cache,
  };
  let batch = await client.call(API.createBatch, { body });
  if (!values.wait && !values.download) {
    if (values.json) printJson(batch);
    else printLine(batch.batch_id);
    return EXIT.OK;
  }
  while (batch.status === 'RUNNING') {
    if (!values.json) note(`${batch.done} done, ${batch.failed} failed of ${batch.total}${batch.eta_seconds === null ? '' : `, ~${batch.eta_seconds} s left`}`);
    await new Promise((r) => setTimeout(r, 1000));
    batch = await client.call(API.getBatch, { params: { batch_id: batch.batch_id } });
  }
  if (values.download && batch.done > 0) {
    const dir = userPath(values.download);
    fs.mkdirSync(dir, { recursive: true });
    const zip = await client.call(API.downloadBatchOutputs, { params: { batch_id: batch.batch_id } });
    const target = path.join(dir, `batch-${batch.batch_id}.zip`);
    if (!zip.body) throw new Error('The outputs zip answered without a body');
    // Streamed: a batch's outputs can be far larger than memory.
    await pipeline(Readable.fromWeb(zip.body), fs.createWriteStream(target));
    if (!values.json) note(`saved ${target}`);
  }
  if (values.json) printJson(batch);
  else printLine(`${batch.status}\t${batch.done} done\t${batch.failed} failed\t${batch.total} total`);
  return batch.status === 'SUCCESS' ? EXIT.OK : EXIT.FAILED;
}
