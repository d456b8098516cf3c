import { closestName } from '../contract/closest-name';
import { isFilterGraphArgument } from './filtergraph-args';

/** The names the running ffmpeg knows (from GET /v1/capabilities). */
export interface CommandVocab {
  options: Set<string>;
  encoders: Set<string>;
  filters: Set<string>;
}

export interface LintIssue {
  from: number;
  to: number;
  kind: 'option' | 'encoder' | 'filter';
  name: string;
  message: string;
  suggestion: string | null;
}

export interface Token {
  /** The text as written, quotes included. */
  raw: string;
  from: number;
  to: number;
}

/** Splits at whitespace outside quotes, keeping each token's place in the text. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  let quote: string | null = null;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === undefined || (quote === null && /\s/.test(c))) {
      if (start !== -1) tokens.push({ raw: text.slice(start, i), from: start, to: i });
      start = -1;
      continue;
    }
    if (start === -1) start = i;
    if (c === '\\' && quote !== "'") i++;
    else if (quote === null && (c === '"' || c === "'")) quote = c;
    else if (c === quote) quote = null;
  }
  return tokens;
}

const CODEC_OPTION = /^-(?:c|codec|vcodec|acodec|scodec)(?::.*)?$/;

/**
 * Unknown option names, encoders and filter names in one command, each with the closest
 * real name. Only what the running build lists counts, so a typo is caught before submit;
 * the service still runs whatever is sent.
 */
export function lintCommand(text: string, vocab: CommandVocab): LintIssue[] {
  const tokens = tokenize(text);
  // Which arguments are filter graphs is the service's own answer (the sandbox and alias
  // substitution use it too), so `-f lavfi -i <graph>` is read as a graph here as well.
  const values = tokens.map((t) => unquote(t.raw));
  const issues: LintIssue[] = [];
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1]?.raw;
    if (prev !== undefined && CODEC_OPTION.test(prev)) return void issues.push(...checkEncoder(t, vocab));
    if (isFilterGraphArgument(values, i)) return void issues.push(...checkFilters(t, vocab));
    if (isOptionToken(t.raw) && !(prev !== undefined && takesDashValue(prev))) issues.push(...checkOption(t, vocab));
  });
  return issues;
}

function isOptionToken(raw: string): boolean {
  return /^-[A-Za-z_]/.test(raw);
}

/** `-map -0:a` and the like: a value that starts with a dash. */
function takesDashValue(prev: string): boolean {
  return /^-(?:map|metadata|ss|to|itsoffset|t)$/.test(prev);
}

function checkOption(t: Token, vocab: CommandVocab): LintIssue[] {
  const name = t.raw.slice(1).split(':')[0] ?? '';
  if (vocab.options.has(name) || (name.startsWith('no') && vocab.options.has(name.slice(2)))) return [];
  return [issueFor('option', name, t.from + 1, t.from + 1 + name.length, closestName(name, vocab.options), `Unknown option -${name}`, '-')];
}

function checkEncoder(t: Token, vocab: CommandVocab): LintIssue[] {
  const name = unquote(t.raw);
  if (name === 'copy' || name.includes('{{') || vocab.encoders.has(name)) return [];
  return [issueFor('encoder', name, t.from, t.to, closestName(name, vocab.encoders), `Unknown encoder ${name}`, '')];
}

function checkFilters(t: Token, vocab: CommandVocab): LintIssue[] {
  const outer = t.raw[0] === '"' || t.raw[0] === "'" ? 1 : 0;
  const inner = t.raw.slice(outer, t.raw.length - (outer && t.raw.endsWith(t.raw[0] ?? '') ? 1 : 0));
  return filterNames(inner)
    .filter((f) => !vocab.filters.has(f.name))
    .map((f) =>
      issueFor(
        'filter',
        f.name,
        t.from + outer + f.at,
        t.from + outer + f.at + f.name.length,
        closestName(f.name, vocab.filters),
        `No such filter: '${f.name}'`,
        '',
      ),
    );
}

/** The filter names of a graph with their offsets: skips [labels], 'quoted' arguments and escaped characters. */
export function filterNames(graph: string): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  let expectName = true;
  let quoted = false;
  for (let i = 0; i < graph.length; i++) {
    const c = graph[i] as string;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === "'") {
      quoted = !quoted;
      continue;
    }
    if (quoted) continue;
    if (c === ',' || c === ';') {
      expectName = true;
      continue;
    }
    if (!expectName) continue;
    if (c === '[') {
      i = graph.indexOf(']', i);
      if (i === -1) break;
      continue;
    }
    if (/\s/.test(c)) continue;
    const name = /^[A-Za-z0-9_]+/.exec(graph.slice(i))?.[0];
    if (name) out.push({ name, at: i });
    expectName = false;
    i += (name?.length ?? 1) - 1;
  }
  return out;
}

function unquote(raw: string): string {
  return raw.replace(/^(["'])(.*)\1$/, '$2');
}

function issueFor(kind: LintIssue['kind'], name: string, from: number, to: number, suggestion: string | null, message: string, prefix: string): LintIssue {
  return { kind, name, from, to, suggestion, message: suggestion ? `${message} — did you mean ${prefix}${suggestion}?` : message };
}

export function vocabOf(caps: { options: string[]; encoders: { name: string }[]; filters: { name: string }[] }): CommandVocab {
  return { options: new Set(caps.options), encoders: new Set(caps.encoders.map((e) => e.name)), filters: new Set(caps.filters.map((f) => f.name)) };
}
