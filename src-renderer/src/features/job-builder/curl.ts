import type { CommandRequest } from '../../../../src-service/client';
import { commandEndpoints } from '../../../../src-service/contract/endpoints/commands';

/** Quotes for a POSIX shell: single quotes, with embedded ones closed and escaped. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function endpointOf(req: CommandRequest): string {
  return 'ffmpeg_commands' in req ? commandEndpoints.runChainedFfmpegCommands.path : commandEndpoints.runFfmpegCommand.path;
}

/**
 * "Copy as curl": the same request from a terminal. The key is written as
 * `$FFDESK_API_KEY` unless given, so a pasted snippet does not leak it.
 */
export function buildCurl(baseUrl: string, req: CommandRequest, apiKey?: string): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${endpointOf(req)}`;
  const key = apiKey ? shellQuote(`X-API-KEY: ${apiKey}`) : '"X-API-KEY: $FFDESK_API_KEY"';
  return [
    `curl -sS -X POST ${shellQuote(url)}`,
    `  -H ${key}`,
    `  -H 'Content-Type: application/json'`,
    `  --data-binary ${shellQuote(JSON.stringify(req, null, 2))}`,
  ].join(' \\\n');
}

export function buildJson(req: CommandRequest): string {
  return JSON.stringify(req, null, 2);
}
