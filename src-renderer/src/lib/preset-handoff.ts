import { stepsOf, type CommandRequest } from '../../../src-service/client';

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
  const steps = stepsOf(request);
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
