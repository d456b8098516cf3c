import type { CommandRequest, EchoedRequest, EditRequest, RunChainedRequest, RunCommandRequest } from './types';

type AnyRequest = CommandRequest | RunCommandRequest | RunChainedRequest;

/** A chained request names its steps `ffmpeg_commands` (or the older `ffmpeg_chained_commands`); a single one `ffmpeg_command`. */
export function isChainedRequest(r: AnyRequest): r is Exclude<AnyRequest, { ffmpeg_command: string }> {
  return !('ffmpeg_command' in r);
}

/** The command texts of a request or of a record's `original_request`, in order. */
export function stepsOf(r: AnyRequest): string[] {
  return 'ffmpeg_command' in r ? [r.ffmpeg_command] : (r.ffmpeg_commands ?? r.ffmpeg_chained_commands ?? []);
}

/** Whether a record's `original_request` is a cut (POST /v1/edits) rather than a command: it names an `input` and `segments`. */
export function isEditRequest(r: EchoedRequest): r is EditRequest {
  return 'segments' in r && Array.isArray(r.segments) && 'input' in r && typeof r.input === 'string';
}
