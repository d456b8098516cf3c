import { isApiError, NetworkError } from '../client/index';

/** Exit codes scripts can trust: 0 success, 1 failed or API error, 2 usage, 3 unreachable. */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, UNREACHABLE: 3 } as const;

/** A mistake in the command line itself (exit 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Prints an error the way a terminal user wants it and returns its exit code. */
export function reportError(err: unknown): number {
  if (err instanceof UsageError || (err as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`ffdesk: ${(err as Error).message}\n(ffdesk help for usage)\n`);
    return EXIT.USAGE;
  }
  if (err instanceof NetworkError) {
    process.stderr.write(`ffdesk: ${err.message}. Is it running? (npm run serve; or set FFDESK_URL)\n`);
    return EXIT.UNREACHABLE;
  }
  if (isApiError(err)) {
    process.stderr.write(`ffdesk: HTTP ${err.status}: ${err.message}\n`);
    return EXIT.FAILED;
  }
  process.stderr.write(`ffdesk: ${(err as Error)?.message ?? String(err)}\n`);
  return EXIT.FAILED;
}
