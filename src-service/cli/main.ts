import { EXIT, reportError } from './exit-codes';
import { exitQuietlyOnClosedPipe } from './output';

const USAGE = `ffdesk <command>

Talks to FFDESK_URL (default http://127.0.0.1:<FFDESK_PORT or 8777>) with FFDESK_API_KEY
(default: the local service's key in <FFDESK_DATA_DIR>/local-api-key).

  run "<ffmpeg args>" --in in_1=<url|./file> --out out_1=name.mp4 [--chain "<args>"]...
      [--private] [--vcpu N] [--wait] [--download DIR] [--json]
                                         submit a command (local inputs are uploaded first)
  status <command_id> [--wait] [--json]  show a command (exit 1 if it FAILED)
  ls [--limit N] [--json]                list commands, newest first
  cancel <command_id>                    cancel a queued or running command
  log <command_id>                       ffmpeg's stderr of a command
  files ls [--all]|get <id>|rm <id>... [--json]
                                         stored files (--all: every state, uploads and failures too)
  upload <file> [--private] [--json]     upload a local file (multipart) and wait until stored
  store <url> [--private] [--wait]       store a file from a URL
  preset ls | show <name> | export <name> [--version N] | import <file.json> | rm <name>
                                         presets (built-in and saved); export prints the shareable JSON
  preset run <name> --in in_1=<url|./file> [--set param=value]... [--version N] [--cache]
      [--private] [--wait] [--download DIR] [--json]
                                         run a preset (local inputs are uploaded first)
  preset batch <name> <file|url>... [--set param=value]... [--wait] [--download DIR] [--json]
                                         one command per input; --download saves a zip of all outputs
  events [--last-event-id N]             follow command and file events, one JSON line each (until Ctrl-C)
  webhook get|set <url>|rm|test|deliveries|replay <id> [--json]
                                         the account webhook (test/replay exit 1 unless delivered)
  serve                                  run the headless service (env FFDESK_HOST, FFDESK_PORT, FFDESK_DATA_DIR, FFDESK_API_KEY)
  keys create --plan trial|pro [--storage-quota-mb N] [--processing-quota-mb N]
                                         create an account with a new key; prints the key as the last line
  keys list                              list keys (a prefix of each), plans and usage
  keys local                             the local service's key in full (the last line printed)
  keys revoke <key-id|prefix>            revoke a key
  doctor [--json] [--refresh]            which ffmpeg/ffprobe FFDesk runs, every candidate and why; working GPU encoders
                                         (--refresh: probe again instead of using the cache)
  worker --service <url> --redis <url> --token <t> [--vcpus N] [--work-dir D]
                                         run a scale-out worker (docs/scale-out.md)
  workers token [--label L] | tokens | revoke <id>
                                         issue (prints it as the last line), list or revoke worker tokens

Exit codes: 0 success, 1 command/job FAILED or API error, 2 usage error, 3 service unreachable.
`;

type Handler = (args: string[]) => number | Promise<number>;

const COMMANDS: Record<string, Handler> = {
  // Lazy, each command loads only its own code: client commands should not load the whole service (SQLite,
  // ffmpeg lookup) just to send a request, and `serve` not the client (docs/performance.md, "Start-up").
  serve: async () => (await import('./serve')).serveCommand(),
  keys: async (args) => (await import('./keys')).keysCommand(args),
  doctor: async (args) => (await import('./doctor')).doctorCommand(args),
  worker: async (args) => (await import('./worker')).workerCommand(args),
  workers: async (args) => (await import('./workers-cli')).workersCommand(args),
  run: async (args) => (await import('./run')).runCommand(args),
  status: async (args) => (await import('./commands-cli')).statusCommand(args),
  ls: async (args) => (await import('./commands-cli')).listCommand(args),
  cancel: async (args) => (await import('./commands-cli')).cancelCommand(args),
  log: async (args) => (await import('./commands-cli')).logCommand(args),
  files: async (args) => (await import('./files-cli')).filesCommand(args),
  upload: async (args) => (await import('./files-cli')).uploadCommand(args),
  store: async (args) => (await import('./files-cli')).storeCommand(args),
  webhook: async (args) => (await import('./webhook-cli')).webhookCommand(args),
  events: async (args) => (await import('./events-cli')).eventsCommand(args),
  preset: async (args) => (await import('./preset-cli')).presetCommand(args),
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // `ffdesk preset --help` asks for help too: a lone `--help` anywhere prints the usage (ffmpeg text is one quoted argument).
  if (command === undefined || ['help', '--help', '-h'].includes(command) || rest.includes('--help')) {
    process.stdout.write(USAGE);
    return command === undefined ? EXIT.USAGE : EXIT.OK;
  }
  const handler = COMMANDS[command];
  if (!handler) {
    process.stderr.write(`Unknown command: ${command}\n\n${USAGE}`);
    return EXIT.USAGE;
  }
  try {
    return await handler(rest);
  } catch (err) {
    return reportError(err);
  }
}

exitQuietlyOnClosedPipe();
main(process.argv.slice(2)).then(
  (code) => {
    // serve returns -1: the process lives until a signal.
    if (code !== -1) process.exitCode = code;
  },
  (err: unknown) => {
    process.exitCode = reportError(err);
  },
);
