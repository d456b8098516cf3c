import { closestName } from '../contract/closest-name';
import type { Capabilities } from '../media/capabilities';

/** The names a build knows, to suggest the closest one for a typo. */
export interface KnownNames {
  filters: string[];
  encoders: string[];
  decoders: string[];
  options: string[];
  muxers: string[];
}

export function knownNamesOf(c: Capabilities): KnownNames {
  const names = (list: { name: string }[]) => list.map((e) => e.name);
  return { filters: names(c.filters), encoders: names(c.encoders), decoders: names(c.decoders), options: c.options, muxers: names(c.muxers) };
}

/**
 * ffmpeg's lines that say what went wrong, most specific first. Its last lines are usually
 * consequences ("Conversion failed!", "Invalid argument"), so the first match of the first
 * pattern that matches anywhere wins.
 */
const DECISIVE: { re: RegExp; names?: keyof KnownNames }[] = [
  { re: /No such filter: '([^']+)'/, names: 'filters' },
  { re: /Unknown encoder '([^']+)'/, names: 'encoders' },
  { re: /Unknown decoder '([^']+)'/, names: 'decoders' },
  { re: /Unrecognized option '([^']+)'/, names: 'options' },
  { re: /Requested output format '([^']+)' is not a suitable output format/, names: 'muxers' },
  { re: /Unknown input format: '([^']+)'/ },
  { re: /Option '?[^' ]+'? not found/ },
  {
    re: /Error parsing (?:a )?filter|Invalid (?:stream specifier|option|argument value|duration)|Unable to (?:find|parse|locate|open)|Undefined constant|Missing argument for option/,
  },
  {
    re: /No such file or directory|Permission denied|Invalid data found when processing input|does not contain any stream|Output file #\d+ does not contain|Stream map '[^']*' matches no streams|At least one output file must be specified/,
  },
  { re: /[Ee]rror (?:opening|initializing|while opening|splitting)|Could not (?:open|write|find)|[Nn]ot supported|[Ii]ncompatible/ },
];

/** "[AVFilterGraph @ 0x55fc] No such filter: 'x'" -> "No such filter: 'x'". */
function withoutContext(line: string): string {
  return line.replace(/^(?:\[[^\]]+ @ 0x[0-9a-f]+\]\s*)+/, '').trim();
}

/** The decisive line of ffmpeg's stderr, with a "did you mean" when it names an unknown thing. */
export function decisiveLine(stderr: string, known: KnownNames | null): string | null {
  const lines = stderr.split(/\r?\n/).map(withoutContext).filter(Boolean);
  for (const { re, names } of DECISIVE) {
    for (const line of lines) {
      const m = re.exec(line);
      if (!m) continue;
      const suggestion = names && known && m[1] !== undefined ? closestName(m[1].replace(/^-/, ''), known[names]) : null;
      return suggestion ? `${line.replace(/\.$/, '')} (did you mean '${suggestion}'?)` : line;
    }
  }
  return null;
}

const TAIL_LINES = 8;
const TAIL_CHARS = 1200;

/**
 * A PROCESSING_ERROR message: ffmpeg's decisive line first, then how it ended and its last
 * lines for context. The whole stderr is in the command's log.
 */
export function ffmpegFailureMessage(stderr: string, how: string, known: KnownNames | null): string {
  const lead = decisiveLine(stderr, known);
  const tail = stderr.trimEnd().split(/\r?\n/).slice(-TAIL_LINES).join('\n').slice(-TAIL_CHARS);
  return `${lead ? `${lead}\n` : ''}ffmpeg ${how}; its last lines (the whole output is in the command's log):\n${tail}`;
}
