import { ALIAS_PATTERN } from './aliases';
import { isFilterGraphArgument, isLavfiInput } from './filtergraph-args';
import { graphReason } from './sandbox-graph';
import { optionReason } from './sandbox-options';
import { plainArgumentReason } from './sandbox-paths';

export { checkListFileText, sniffListFileKind, type ListFileKind } from './sandbox-lists';

/**
 * The command sandbox. Each command runs with its own job folder as cwd and must not read
 * or write outside it, nor open the network, devices or standard streams (docs/api.md §1, the
 * service is a twin of a hosted API whose commands see only their own files; escape
 * catalogue in sandbox.catalogue.test.ts).
 *
 * It runs on the split tokens before alias substitution. `{{alias}}` placeholders are
 * trusted: they become relative paths in the job folder, so each is checked as its bare
 * name (`subtitles={{in_srt}}` as `subtitles=in_srt`; `/{{in_1}}` still reads as absolute).
 */
export interface SandboxViolation {
  tokenIndex: number;
  /** The token as written (placeholders included). */
  token: string;
  /** A human reason, e.g. "absolute paths are not allowed: /etc/passwd". */
  reason: string;
}

export function checkSandbox(tokens: readonly string[]): SandboxViolation | null {
  const neutral = tokens.map((token) => token.replace(new RegExp(ALIAS_PATTERN.source, 'g'), '$1'));
  for (let i = 0; i < neutral.length; i++) {
    const reason = optionReason(neutral, i) ?? argumentReason(neutral, i);
    if (reason) return { tokenIndex: i, token: tokens[i] as string, reason };
  }
  return null;
}

/**
 * Every token is checked as a possible file name or value, option names included: an
 * option's value may itself start with `-`, and ffmpeg takes it as the value.
 */
function argumentReason(tokens: readonly string[], i: number): string | null {
  const token = tokens[i] as string;
  if (isNullMuxerTarget(tokens, i)) return null;
  if (token === '-') return 'reading standard input or writing standard output (-) is not allowed';
  if (isLavfiInput(tokens, i)) return plainArgumentReason(token) ?? graphReason(token);
  if (isFilterGraphArgument(tokens, i)) return graphReason(token);
  // Any other argument may still be read as `key=value:...` options by some component
  // (`-x264-params stats=/tmp/x`), so it is also read the way a graph's options are.
  return plainArgumentReason(token) ?? driveRelativeReason(tokens, i) ?? graphReason(token, 1);
}

/** `-i C:name` opens `name` in drive C's current folder on Windows (not the job folder). */
function driveRelativeReason(tokens: readonly string[], i: number): string | null {
  const token = tokens[i] as string;
  return tokens[i - 1] === '-i' && /^[A-Za-z]:/.test(token) ? `drive-relative paths are not allowed: ${token}` : null;
}

/**
 * `-f null -` and `-f null /dev/null` (the two-pass idiom): the null muxer never opens its
 * output, so the name is not a file.
 */
function isNullMuxerTarget(tokens: readonly string[], i: number): boolean {
  const target = tokens[i] as string;
  return tokens[i - 2] === '-f' && tokens[i - 1] === 'null' && ['-', '/dev/null', 'NUL'].includes(target);
}
