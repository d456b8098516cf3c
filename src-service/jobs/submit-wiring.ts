import type { Config } from '../config';
import type { AccountsRepo } from '../accounts/accounts-repo';
import type { CommandsRepo } from './commands-repo';
import type { FilesRepo } from '../files/files-repo';
import { argumentChecksOn } from '../ffmpeg-args/parser-switch';
import type { CommandNotifier } from './notify';
import type { Scheduler } from './scheduler';
import type { SubmitDeps } from './submit';

export interface SubmitWiring {
  commands: CommandsRepo;
  files: FilesRepo;
  accounts: Pick<AccountsRepo, 'localAccountId'>;
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
    isLocalAccount: (accountId) => accountId === deps.accounts.localAccountId(),
    onSubmitted: (_accountId, id) => {
      const row = deps.commands.getAny(id);
      if (row) deps.notifier.onStatus(row);
      deps.scheduler.notify();
    },
  };
}
