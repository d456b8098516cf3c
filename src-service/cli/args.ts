/**
 * ffmpeg arguments start with a dash (`"-i {{in_1}} ..."`), which node's parseArgs reads as
 * options. This joins every `--opt value` of a string option into `--opt=value` and moves
 * everything that is not a `--` flag behind `--`, so a quoted ffmpeg string is always a
 * positional and `--chain "-i {{out_1}} ..."` a value.
 */
export function normalizeArgs(args: string[], stringOptions: readonly string[]): string[] {
  const flags: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    if (name !== null && stringOptions.includes(name) && i + 1 < args.length) {
      flags.push(`${arg}=${args[++i] as string}`);
    } else if (name !== null) {
      flags.push(arg);
    } else {
      positionals.push(arg);
    }
  }
  return [...flags, '--', ...positionals];
}
