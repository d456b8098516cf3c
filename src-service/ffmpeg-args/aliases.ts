import type { ValidationIssue } from '../errors';
import { isFilterGraphArgument } from './filtergraph-args';
import { createQuoteTracker, escapeForFilterGraph } from './filtergraph-escape';

/**
 * `{{alias}}` placeholders (docs/api.md §1.5). Keys start `in_` / `out_`, then letters, digits,
 * underscores (docs/choices.md, Requests). Not global: use `aliasMatches` to find them all.
 */
export const ALIAS_PATTERN = /\{\{((?:in|out|inter)_[A-Za-z0-9_]+)\}\}/;
/** Anything written like a placeholder, valid alias or not (to report typos such as `{{input_1}}`). */
const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

const aliasMatches = (token: string) => token.matchAll(new RegExp(ALIAS_PATTERN.source, 'g'));

/** Thrown by `substituteAliases` for an alias with no path; submit-time validation should make it unreachable. */
export class UnknownAliasError extends Error {
  readonly alias: string;

  constructor(alias: string) {
    super(`{{${alias}}} has no file: it is not declared in input_files or output_files`);
    this.name = 'UnknownAliasError';
    this.alias = alias;
  }
}

/** Every alias (without braces) referenced anywhere inside any token. */
export function findAliases(tokens: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const token of tokens) for (const match of aliasMatches(token)) found.add(match[1] as string);
  return found;
}

/**
 * Replaces every `{{alias}}` with its path relative to the job folder. In a filter graph
 * (-vf, -af, -filter*, -filter_complex, -lavfi, `-f lavfi -i`) the path is escaped for
 * both parsing levels at the point where it sits, so names with `:`, `'`, `,`, spaces...
 * reach the filter intact (ffmpeg-filters, "Notes on filtergraph escaping"). A whole
 * argument that would start with `-` gets `./` so ffmpeg cannot read it as an option.
 */
export function substituteAliases(tokens: readonly string[], paths: Readonly<Record<string, string>>): string[] {
  return tokens.map((token, i) => {
    const inGraph = isFilterGraphArgument(tokens, i);
    const quoting = createQuoteTracker();
    let read = 0;
    return token.replace(new RegExp(ALIAS_PATTERN.source, 'g'), (_match, alias: string, offset: number) => {
      if (!Object.hasOwn(paths, alias)) throw new UnknownAliasError(alias);
      const path = paths[alias] as string;
      if (inGraph) {
        quoting.advance(token.slice(read, offset));
        read = offset;
        return escapeForFilterGraph(path, quoting.state());
      }
      return offset === 0 && path.startsWith('-') ? `./${path}` : path;
    });
  });
}

/**
 * Submit-time checks (docs/choices.md, Requests): every alias used is declared; every declared
 * output is used by some command. Outputs may be read anywhere, since a later chained
 * command may read an earlier output (`-i {{out_1}}`). `commandField` names the request
 * field for `loc`: a chained request's issues also carry the command's index.
 */
export function validateAliasUse(
  commands: readonly (readonly string[])[],
  inputAliases: readonly string[],
  outputAliases: readonly string[],
  commandField: 'ffmpeg_command' | 'ffmpeg_commands' | 'ffmpeg_chained_commands' = 'ffmpeg_command',
): ValidationIssue[] {
  const declared = new Set([...inputAliases, ...outputAliases]);
  const issues: ValidationIssue[] = [];
  commands.forEach((tokens, i) => {
    const loc = commandField === 'ffmpeg_command' ? ['body', commandField] : ['body', commandField, i];
    for (const msg of commandProblems(tokens, declared)) issues.push({ loc, msg, type: 'value_error' });
  });
  const used = findAliases(commands.flat());
  for (const alias of outputAliases) {
    if (!used.has(alias)) issues.push({ loc: ['body', 'output_files', alias], msg: `Output {{${alias}}} is not used by any command`, type: 'value_error' });
  }
  return issues;
}

function commandProblems(tokens: readonly string[], declared: ReadonlySet<string>): string[] {
  const problems = new Set<string>();
  tokens.forEach((token, i) => {
    // `{{ in_1 }}`: split at its spaces, no argument holds a whole placeholder, and the braces went to ffmpeg as text.
    const opens = token.lastIndexOf('{{');
    if (opens !== -1 && !token.includes('}}', opens)) {
      const name = (tokens[i + 1] ?? '').split('}}')[0] ?? '';
      problems.add(`"{{" opens a placeholder whose "}}" is in another argument: write it without spaces inside the braces${name ? `, as {{${name}}}` : ''}`);
    }
  });
  for (const token of tokens) {
    for (const match of token.matchAll(PLACEHOLDER_PATTERN)) {
      const name = match[1] as string;
      if (!ALIAS_PATTERN.test(match[0])) {
        problems.add(`{{${name}}} is not a valid alias: aliases start with in_ or out_ (inter_ for interim files), then letters, digits, underscores`);
      } else if (!declared.has(name)) {
        const field = name.startsWith('in_') ? 'input_files' : name.startsWith('inter_') ? 'interim_files' : 'output_files';
        problems.add(`{{${name}}} is used but not declared in ${field}`);
      }
    }
  }
  return [...problems];
}
