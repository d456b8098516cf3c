import { MAX_JOB_NAME } from '../contract/names';

export { MAX_JOB_NAME };

/**
 * A readable name for a job nobody named: what it does (the first filter, else the video
 * codec, else the first option), then which inputs it reads and which outputs it writes,
 * e.g. "scale: clip.mp4 → small.mp4". Shown by the API when no `name` was given (docs/gui.md).
 */

interface RequestLike {
  ffmpeg_command?: unknown;
  ffmpeg_commands?: unknown;
  input_files?: unknown;
  input_compressed_folder?: unknown;
  output_files?: unknown;
}

/** The filter ffmpeg said it does not know ("No such filter: 'scael'"), so no name starts with a misspelling. */
export function unknownFilterIn(errorMessage: string | null | undefined): string | null {
  return /No such filter: '([^']+)'/.exec(errorMessage ?? '')?.[1] ?? null;
}

/**
 * `action` names what the job does where the caller knows it better than the command's first
 * filter: a preset's title ("Email 720p: clip.mp4 → clip-small.mp4"), so the jobs of a batch
 * read as the preset the editor chose.
 */
export function deriveJobName(request: RequestLike, unknownFilter: string | null = null, action?: string): string {
  const steps = Array.isArray(request.ffmpeg_commands)
    ? request.ffmpeg_commands.filter((s): s is string => typeof s === 'string')
    : [typeof request.ffmpeg_command === 'string' ? request.ffmpeg_command : ''];
  const inputs = [...inputNames(request), ...generatedSources(steps[0] ?? '')];
  const outputs = request.output_files === 'OUTPUT_FOLDER' ? ['folder.zip'] : Object.values(asRecord(request.output_files)).map(String);
  const flow = `${list(inputs)}${inputs.length && outputs.length ? ' → ' : ''}${list(outputs)}`;
  const more = action === undefined && steps.length > 1 ? ` (+${steps.length - 1} step${steps.length > 2 ? 's' : ''})` : '';
  const name = `${[action ?? actionOf(steps[0] ?? '', unknownFilter), flow].filter(Boolean).join(': ') || 'ffmpeg'}${more}`;
  return name.length > MAX_JOB_NAME ? `${name.slice(0, MAX_JOB_NAME - 1)}…` : name;
}

const FILTER_OPTIONS = new Set(['-vf', '-af', '-filter_complex', '-lavfi', '-filter:v', '-filter:a']);

function actionOf(command: string, unknownFilter: string | null): string {
  const words = command.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length - 1; i++) {
    if (FILTER_OPTIONS.has(words[i]!)) {
      const first = words[i + 1]!.replace(/^["']|["']$/g, '')
        .replace(/^(\[[^\]]*\])+/, '')
        .split(/[=,;[\s]/)[0];
      if (first && first !== unknownFilter) return first;
    }
  }
  const codec = words.findIndex((w) => w === '-c:v' || w === '-vcodec' || w === '-codec:v' || w === '-c:a' || w === '-acodec');
  if (codec >= 0 && words[codec + 1]) return words[codec + 1]!;
  return '';
}

/** Sources ffmpeg generates itself (`-f lavfi -i color=...`): named by their source filter. */
function generatedSources(command: string): string[] {
  const words = command.split(/\s+/).filter(Boolean);
  const names: string[] = [];
  for (let i = 0; i < words.length - 3; i++) {
    if (words[i] === '-f' && words[i + 1] === 'lavfi' && words[i + 2] === '-i') names.push(words[i + 3]!.replace(/^["']/, '').split(/[=:,"']/)[0]!);
  }
  return names.filter(Boolean);
}

function inputNames(request: RequestLike): string[] {
  if (typeof request.input_compressed_folder === 'string') return [baseName(request.input_compressed_folder)];
  return Object.values(asRecord(request.input_files)).map((u) => baseName(String(u)));
}

function baseName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function list(names: string[]): string {
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}
