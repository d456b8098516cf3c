import type { ValidationIssue } from '../errors';
import type { RunCommandBody } from '../contract/commands.schema';

/**
 * Whether a command can run as a segmented encode (docs/scale-out.md, "Segmented encodes").
 * Pure: the request and its command split into tokens. Each refusal says why and how to run
 * the command unsegmented (leave `segmented` out).
 */
export function segmentedIssues(body: Pick<RunCommandBody, 'input_files' | 'input_compressed_folder' | 'output_files'>, tokens: string[]): ValidationIssue[] {
  const reasons = [...shapeReasons(body, tokens), ...optionReasons(tokens)];
  return reasons.map((why) => ({ loc: ['body', 'segmented'], msg: `${why}; ${HOW}`, type: 'value_error' }));
}

const HOW = 'send the command without "segmented" to run it as one encode';

/** Video filters whose output at a frame depends on frames or timestamps outside its segment. */
export const TIME_SPANNING_FILTERS = new Set([
  'fps',
  'framerate',
  'minterpolate',
  'reverse',
  'loop',
  'trim',
  'setpts',
  'select',
  'tblend',
  'tmix',
  'tmedian',
  'atadenoise',
  'hqdn3d',
  'deflicker',
  'decimate',
  'mpdecimate',
  'framestep',
  'telecine',
  'fieldmatch',
  'interlace',
  'tinterlace',
  'yadif',
  'bwdif',
  'w3fdif',
  'fade',
  'drawtext',
  'deshake',
  'vidstabdetect',
  'vidstabtransform',
  'loudnorm',
  'showinfo',
  'thumbnail',
]);

/** Options that select time, frames or rate: they cannot be mapped onto segments. */
const TIME_OPTIONS = ['-ss', '-sseof', '-t', '-to', '-itsoffset', '-stream_loop', '-r', '-vsync', '-fps_mode', '-frames', '-vframes', '-fs', '-shortest'];

function shapeReasons(body: Pick<RunCommandBody, 'input_files' | 'input_compressed_folder' | 'output_files'>, tokens: string[]): string[] {
  const out: string[] = [];
  const inputs = tokens.filter((t) => t === '-i').length;
  if (body.input_compressed_folder !== undefined || Object.keys(body.input_files ?? {}).length !== 1 || inputs !== 1)
    out.push('A segmented encode reads exactly one media input (one input file, one -i)');
  if (body.output_files === 'OUTPUT_FOLDER' || Object.keys(body.output_files).length !== 1) out.push('A segmented encode writes exactly one output file');
  else if (tokens.filter((t) => /^\{\{\s*out_[A-Za-z0-9_]+\s*\}\}$/.test(t)).length !== 1 || !/^\{\{\s*out_/.test(tokens.at(-1) ?? ''))
    out.push('A segmented encode names its one output last, once');
  return out;
}

function optionReasons(tokens: string[]): string[] {
  const out: string[] = [];
  for (const [i, t] of tokens.entries()) {
    const name = optionName(t);
    // Passthrough keeps every source frame with its timestamp: nothing depends on other segments (a VFR source stays exact).
    if ((name === '-fps_mode' || name === '-vsync') && /^(passthrough|0)$/.test(tokens[i + 1] ?? '')) continue;
    if (TIME_OPTIONS.includes(name)) out.push(`${t} selects time or frame rate, which cannot be mapped onto segments (trim with POST /v1/edits first)`);
    else if (name === '-pass' || name === '-passlogfile' || (/^-x26[45]-params$/.test(t) && /(^|:)pass=/.test(tokens[i + 1] ?? '')))
      out.push('Two-pass rate control needs the whole input in each pass');
    else if (name === '-filter_complex' || name === '-lavfi' || name === '-filter_complex_script')
      out.push(`${t}: a filter graph may mix streams or span time`);
    // The first video stream and the audio of the one input (as the convert panel writes them): each piece's -an / -vn drops the other kind.
    else if (name === '-map' && !/^0:[va](:0)?\??$/.test(tokens[i + 1] ?? ''))
      out.push("-map: a segmented encode takes only the input's video (-map 0:v or 0:v:0) and audio (-map 0:a, 0:a:0, optional with ?)");
    else if (name === '-vf' || (name === '-filter' && !/^-filter:a/.test(t))) out.push(...filterReasons(tokens[i + 1] ?? ''));
  }
  return out;
}

/** `-frames:v` → `-frames`, `-c:v` → `-c`. */
function optionName(token: string): string {
  return token.startsWith('-') ? (token.split(':')[0] ?? token) : '';
}

/** `[in]scale=2[out]` → `scale=2`: each `[…]` dropped, in one pass (a regex for it backtracks quadratically on unclosed `[`; docs/sandbox.md). */
function withoutLinkLabels(filter: string): string {
  let out = '';
  let i = 0;
  while (i < filter.length) {
    const open = filter.indexOf('[', i);
    if (open < 0) return out + filter.slice(i);
    const close = filter.indexOf(']', open + 1);
    if (close < 0) return out + filter.slice(i);
    out += filter.slice(i, open);
    i = close + 1;
  }
  return out;
}

function filterReasons(graph: string): string[] {
  const names = graph.split(/[,;]/).map((f) => withoutLinkLabels(f).trim().split('=')[0]?.trim() ?? '');
  const out = names
    .filter((n) => TIME_SPANNING_FILTERS.has(n))
    .map((n) => `The filter ${n} spans time (its frames depend on frames or timestamps outside a segment)`);
  if (/(^|[:,=])enable=/.test(graph)) out.push("A timeline option (enable=) depends on the input's timestamps");
  return out;
}
