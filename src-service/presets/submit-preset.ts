import type { Config } from '../config';
import type { CommandsRepo } from '../db/commands-repo';
import type { FilesRepo } from '../db/files-repo';
import type { CommandNotifier } from '../jobs/notify';
import type { Scheduler } from '../jobs/scheduler';
import type { AccountRow } from '../db/accounts-repo';
import { submitCommand, type CommandRequest, type SubmitDeps } from '../jobs/submit';
import { argumentChecksOn } from '../ffmpeg-args/parser-switch';
import type { PresetRecord } from '../contract/preset-definition';
import { renderPreset, type PresetRunInput } from './render';

export interface SubmitWiring {
  commands: CommandsRepo;
  files: FilesRepo;
  config: Pick<Config, 'vcpuBudget' | 'testOnlySkipArgumentChecks'>;
  notifier: Pick<CommandNotifier, 'onStatus'>;
  scheduler: Pick<Scheduler, 'notify'>;
}

/** The submit use case's dependencies: a new command is announced, then the scheduler looks at the queue. */
export function submitDepsOf(deps: SubmitWiring): SubmitDeps {
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
  submit: SubmitDeps,
  account: AccountRow,
  preset: PresetRecord,
  run: PresetRunInput,
): Promise<{ commandId: string; request: CommandRequest }> {
  const request = renderPreset(preset, run);
  return { commandId: await submitCommand(submit, account, request), request };
}
