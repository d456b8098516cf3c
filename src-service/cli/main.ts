import { parseArgs } from 'node:util';
import { serveCommand } from './serve';
import { keysCommand } from './keys';

const USAGE = `ffdesk <command>

  serve                                  run the headless service (env FFDESK_HOST, FFDESK_PORT, FFDESK_DATA_DIR, FFDESK_API_KEY)
  keys create --plan trial|pro [--storage-quota-mb N] [--processing-quota-mb N]
                                         create an account with a new key; prints the key as the last line
  keys list                              list keys, plans and usage
  keys revoke <key-id|prefix>            revoke a key
`;

/** Exit codes scripts can trust: 0 ok, 1 failed, 2 usage error. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serveCommand();
    case 'keys':
      return keysCommand(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`Unknown command: ${command}\n\n${USAGE}`);
      return 2;
  }
}

export { parseArgs };

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`ffdesk: ${(err as Error)?.message ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
