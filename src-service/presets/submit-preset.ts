import type { AppDeps } from '../deps';
import type { AccountRow } from '../db/accounts-repo';
import { submitCommand, type CommandRequest, type SubmitDeps } from '../jobs/submit';
import { argumentChecksOn } from '../ffmpeg-args/parser-switch';
import type { PresetRecord } from '../contract/preset-definition';
import { renderPreset, type PresetRunInput } from './render';

/** The submit use case's dependencies, wired as the command routes wire them. */
export function submitDepsOf(deps: AppDeps): SubmitDeps {
  return {
    commands: deps.commands,
    files: deps.files,
    vcpuBudget: deps.config.vcpuBudget,
    checkArguments: argumentChecksOn(deps.config),
    onSubmitted: (_accountId, id) => {
      const row = deps.commands.getAny(id);
      if (row) deps.notifier.onStatus(row);
      deps.scheduler.notify();
    },
  };
}

/** Renders the preset and submits the result exactly like a hand-written request: one code path. */
export async function submitPreset(
  deps: AppDeps,
  account: AccountRow,
  preset: PresetRecord,
  run: PresetRunInput,
): Promise<{ commandId: string; request: CommandRequest }> {
  const request = renderPreset(preset, run);
  return { commandId: await submitCommand(submitDepsOf(deps), account, request), request };
}
