import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The CLI as tests start it in a child process: the esbuild bundle in out/service/, what
 * `npm run serve` and the `ffdesk` bin run (docs/performance.md, "Start-up"). Through tsx, every
 * child start transpiled the service's sources again: 1.5 to 2 CPU seconds each, some hundred
 * times a run (docs/contributing.md, "Suite time"). The vitest globalSetup builds the bundle
 * from the current sources once per run (buildCliBundle), so a child never runs stale code.
 */
export const CLI_BUNDLE = path.join(root, 'out/service/main.cjs');

/** The program to spawn (node itself: no launcher process between the test and the CLI). */
export const CLI_PROGRAM = process.execPath;

/** Arguments for CLI_PROGRAM: the bundle, then the CLI's own arguments. */
export function cliArgs(args: string[]): string[] {
  return [CLI_BUNDLE, ...args];
}

/** Builds out/service/ from the sources (esbuild: well under a CPU second). */
export async function buildCliBundle(): Promise<void> {
  const url = pathToFileURL(path.join(root, 'src-service/cli/build-bundle.mjs')).href;
  const { buildService } = (await import(url)) as { buildService(): Promise<void> };
  await buildService();
}
