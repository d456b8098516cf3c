import type { Config } from './config';
import type { Db } from './db/open';
import type { AccountsRepo } from './db/accounts-repo';
import type { CommandsRepo } from './db/commands-repo';
import type { FilesRepo } from './db/files-repo';
import type { BlobStore } from './storage/blob-store';
import type { Keyring } from './storage/signing';
import type { MediaBinaries } from './media/binaries';
import type { Confiner } from './media/confine';
import type { BuildFacts } from './media/build-facts';
import type { EventBus } from './events/event-bus';
import type { Scheduler } from './jobs/scheduler';
import type { UrlBuilder } from './files/urls';
import type { CommandNotifier } from './jobs/notify';
import type { BackgroundTasks } from './background';

/** Everything the routes and use cases share; built once in index.ts. */
export interface AppDeps {
  config: Config;
  db: Db;
  accounts: AccountsRepo;
  commands: CommandsRepo;
  files: FilesRepo;
  blobs: BlobStore;
  keyring: Keyring;
  urls: UrlBuilder;
  media: MediaBinaries;
  /** The operating-system sandbox around ffmpeg and ffprobe (docs/sandbox.md). */
  confiner: Confiner;
  /** What the chosen ffmpeg can do (listings, working hardware encoders); set by start(). */
  ffmpegFacts: BuildFacts;
  events: EventBus;
  scheduler: Scheduler;
  notifier: CommandNotifier;
  /** Work outside requests; aborted and awaited at stop. */
  tasks: BackgroundTasks;
  version: string;
  log(msg: string): void;
}
