/**
 * The service's own options, put before the user's arguments (docs/api.md §1.5: `ffmpeg_command`
 * holds arguments only). They are global options, so their place does not change what the
 * user's command means; a user repeating one (e.g. `-y`) is harmless.
 */
const SERVICE_OPTIONS = [
  '-hide_banner', // no build banner: keeps the stderr tail (error_message, the log) about this command
  '-nostdin', // never read the keyboard: no hang on an "Overwrite? [y/N]" prompt, no 'q' handling
  '-y', // outputs are written into a fresh job folder; overwrite without asking
  '-nostats', // no "frame= ... speed=" status lines on stderr; progress comes from -progress instead
  '-progress',
  'pipe:1', // machine-readable key=value progress blocks on stdout (see progress.ts)
] as const;

/** The argv for one ffmpeg run of the user's (alias-substituted) tokens. */
export function buildFfmpegArgv(userArgs: string[]): string[] {
  return [...SERVICE_OPTIONS, ...userArgs];
}
