import type { Account } from '../accounts/account';
import { submitCommand, type CommandRequest, type SubmitDeps } from '../jobs/submit';
import type { Preset } from './stored-preset';
import { renderPreset, type PresetRunInput } from './render';

/** Renders the preset and submits the result exactly like a hand-written request: one code path. */
export async function submitPreset(
  submit: SubmitDeps,
  account: Account,
  preset: Preset,
  run: PresetRunInput,
): Promise<{ commandId: string; request: CommandRequest }> {
  const request = renderPreset(preset, run);
  return { commandId: await submitCommand(submit, account, request), request };
}
