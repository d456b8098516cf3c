import type { CommandRequest } from '../../../src-service/client';

/**
 * Where Files and Jobs meet the Presets page without importing it (features never import
 * each other): files chosen in Files to run a preset on, and "save a job as a preset".
 */
let pendingFiles: string[] = [];

export function handOffFilesToPresets(fileIds: string[]): void {
  pendingFiles = [...fileIds];
}

/** Read once. */
export function takePresetFiles(): string[] {
  const ids = pendingFiles;
  pendingFiles = [];
  return ids;
}

/**
 * A preset with no parameters made from a job's request: same steps, inputs and outputs.
 * Parameters can be added afterwards by editing the exported JSON and importing it again.
 */
export function presetFromRequest(name: string, request: CommandRequest) {
  const steps = 'ffmpeg_commands' in request ? request.ffmpeg_commands : [request.ffmpeg_command];
  return {
    name,
    title: name,
    parameters: {},
    inputs: Object.keys(request.input_files ?? {}).map((alias) => ({ alias })),
    ...(request.input_compressed_folder ? { zip_input: true } : {}),
    outputs: request.output_files,
    steps,
  };
}

/** POST /v1/presets; the 422/409 detail comes back as the error's message. */
export async function savePreset(baseUrl: string, apiKey: string, definition: unknown): Promise<void> {
  const res = await fetch(`${baseUrl}/v1/presets`, {
    method: 'POST',
    headers: { 'X-API-KEY': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(definition),
  });
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
  const detail = Array.isArray(body?.detail)
    ? body.detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg ?? ''}`).join('; ')
    : typeof body?.detail === 'string'
      ? body.detail
      : `HTTP ${res.status}`;
  throw new Error(detail);
}
