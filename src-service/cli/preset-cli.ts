import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createHttp } from '../client/http';
import { pathOf } from '../contract/endpoint';
import { presetEndpoints as P } from '../contract/endpoints/presets';
import { batchEndpoints } from '../contract/endpoints/batches';
import { normalizeArgs } from './args';
import { connect, resolveTarget } from './context';
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

interface PresetSummary {
  name: string;
  version: number;
  builtin: boolean;
  title?: string;
  description?: string;
}

/** `ffdesk preset ls|show|run|export|import|rm` (docs/presets.md). */
export async function presetCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: normalizeArgs(args, STRING_OPTIONS), options: OPTIONS, allowPositionals: true });
  const [sub, name, ...rest] = positionals;
  const http = createHttp(resolveTarget());
  const version = values.version === undefined ? undefined : Number(values.version);
  if (version !== undefined && !(Number.isInteger(version) && version > 0)) throw new UsageError('--version must be a positive integer');
  const needName = () => {
    if (!name || rest.length) throw new UsageError(`preset ${sub} expects one preset name`);
    return name;
  };
  switch (sub) {
    case 'ls': {
      const list = await http.request<PresetSummary[]>(P.listPresets.path);
      if (values.json) printJson(list);
      else for (const p of list) printLine(`${p.name}\tv${p.version}\t${p.builtin ? 'built-in' : 'saved'}\t${p.title ?? p.description ?? ''}`);
      return EXIT.OK;
    }
    case 'show':
      printJson(await http.request(pathOf(P.getPreset.path, { name: needName() }), { query: { version } }));
      return EXIT.OK;
    case 'export':
      printJson(await http.request(pathOf(P.exportPreset.path, { name: needName() }), { query: { version } }));
      return EXIT.OK;
    case 'import': {
      const file = name;
      if (!file || rest.length) throw new UsageError('preset import expects one JSON file (from preset export)');
      const body = JSON.parse(fs.readFileSync(userPath(file), 'utf8')) as unknown;
      const saved = await http.request<PresetSummary>(P.importPreset.path, { method: 'POST', body });
      if (values.json) printJson(saved);
      else printLine(`${saved.name}\tv${saved.version}`);
      return EXIT.OK;
    }
    case 'rm':
      await http.request(pathOf(P.deletePreset.path, { name: needName() }), { method: 'DELETE', as: 'none' });
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

type RunValues = { in: string[]; set: string[]; private: boolean; cache?: boolean; wait: boolean; download?: string; json: boolean };

async function runPreset(name: string, version: number | undefined, values: RunValues): Promise<number> {
  const client = connect();
  const http = createHttp(resolveTarget());
  const input_files = values.in.length ? await resolveInputs(client, parsePairs(values.in, '--in'), values.json) : undefined;
  // Values go as text; the service converts them by the parameter's declared type.
  const parameters = parsePairs(values.set, '--set');
  const body = { version, parameters, input_files, is_private: values.private || undefined, cache: values.cache };
  const { command_id } = await http.request<{ command_id: string }>(pathOf(P.runPreset.path, { name }), { method: 'POST', body });
  if (!values.wait && !values.download) {
    if (values.json) printJson({ command_id });
    else printLine(command_id);
    return EXIT.OK;
  }
  const record = await waitWithProgress(client, command_id, values.json);
  if (record.status === 'SUCCESS' && values.download) await downloadOutputs(client, record, userPath(values.download), values.json);
  if (record.status === 'SUCCESS' && (record as { cache_hit?: boolean }).cache_hit && !values.json) note('result cache hit: outputs reused');
  reportRecord(record, values.json);
  return record.status === 'SUCCESS' ? EXIT.OK : EXIT.FAILED;
}

interface BatchView {
  batch_id: string;
  status: string;
  done: number;
  failed: number;
  total: number;
  eta_seconds: number | null;
}

/** `preset batch <name> <file|url>...`: one command per input; --wait follows the batch, --download saves the zip of outputs. */
async function runBatch(name: string, version: number | undefined, sources: string[], values: RunValues): Promise<number> {
  const client = connect();
  const http = createHttp(resolveTarget());
  const urls = Object.values(await resolveInputs(client, Object.fromEntries(sources.map((src, i) => [`in_${i}`, src])), values.json));
  const body = {
    preset: name,
    version,
    parameters: parsePairs(values.set, '--set'),
    inputs: urls,
    is_private: values.private || undefined,
    cache: values.cache,
  };
  let batch = await http.request<BatchView>(batchEndpoints.createBatch.path, { method: 'POST', body });
  if (!values.wait && !values.download) {
    if (values.json) printJson(batch);
    else printLine(batch.batch_id);
    return EXIT.OK;
  }
  while (batch.status === 'RUNNING') {
    if (!values.json) note(`${batch.done} done, ${batch.failed} failed of ${batch.total}${batch.eta_seconds === null ? '' : `, ~${batch.eta_seconds} s left`}`);
    await new Promise((r) => setTimeout(r, 1000));
    batch = await http.request<BatchView>(pathOf(batchEndpoints.getBatch.path, { batch_id: batch.batch_id }));
  }
  if (values.download && batch.done > 0) {
    const dir = userPath(values.download);
    fs.mkdirSync(dir, { recursive: true });
    const res = await http.fetch(http.url(pathOf(batchEndpoints.downloadBatchOutputs.path, { batch_id: batch.batch_id })), { headers: http.headers() });
    if (!res.ok || !res.body) throw new Error(`Download of the outputs failed: HTTP ${res.status}`);
    const target = path.join(dir, `batch-${batch.batch_id}.zip`);
    // Streamed: a batch's outputs can be far larger than memory.
    await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(target));
    if (!values.json) note(`saved ${target}`);
  }
  if (values.json) printJson(batch);
  else printLine(`${batch.status}\t${batch.done} done\t${batch.failed} failed\t${batch.total} total`);
  return batch.status === 'SUCCESS' ? EXIT.OK : EXIT.FAILED;
}
