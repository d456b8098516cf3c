/**
 * Wire types of the /v1 API, inferred from the contract's zod schemas
 * (src-service/contract/), so the client, the service and the OpenAPI document cannot
 * disagree. Field names are exactly the wire's (snake_case). Optional fields are left out by
 * the service when they do not apply (docs/choices.md: Records).
 * The enums are the contract's (contract/enums.ts), so nothing here is narrowed by hand.
 */
import type { z } from 'zod';
import type * as records from '../contract/records.schema';
import type * as events from '../contract/events.schema';
import type { CreatedKey, ApiKeyItem } from '../contract/keys.schema';
import type { Delivery, WebhookConfig as WebhookConfigSchema, WebhookWithSecret } from '../contract/webhook.schema';
import type { AccountInfo, Health as HealthSchema, SandboxStatus as SandboxSchema, SystemInfo as SystemSchema } from '../contract/system.schema';
import type { WorkerItem, WorkersList as WorkersListSchema } from '../contract/workers.schema';
import type { CompleteUploadBody, InitUploadBody } from '../contract/files.schema';
import type { RunChainedBody, RunCommandBody } from '../contract/commands.schema';
import type { EditBody } from '../contract/edits.schema';

export type * from './media-types';
export type { CommandErrorStatus, CommandStatus, CommandType, FailureStatus, FileStatus, FileType, Plan, ServiceStoreType } from '../contract/enums';

/** Alias to file name, or the whole-folder mode of docs/api.md §4.10. */
export type OutputFiles = RunCommandRequest['output_files'];

/** The request bodies as the client sends them (the chained one in its current form, `ffmpeg_commands`, or the older `ffmpeg_chained_commands` + `interim_files`). */
export type RunCommandRequest = z.input<typeof RunCommandBody>;
export type RunChainedRequest = z.input<typeof RunChainedBody>;
/** A command's request as its record echoes it (`original_request` of POST /v1/run-ffmpeg-command or the chained endpoint). */
export type CommandRequest = z.output<typeof RunCommandBody> | z.output<typeof RunChainedBody>;
/** A cut's request (POST /v1/edits) as its record echoes it: the other kind of `original_request`. */
export type EditRequest = z.output<typeof EditBody>;
/** Whatever a record's `original_request` holds. */
export type EchoedRequest = z.output<typeof records.CommandRecord>['original_request'];

export type CommandProgress = z.infer<typeof events.Progress>;

/** docs/api.md §2.2 + docs/choices.md (Records). */
export type StoredFile = z.infer<typeof records.StoredFile>;

/** docs/api.md §2.1 + docs/choices.md (Records). */
export type CommandRecord = z.infer<typeof records.CommandRecord>;

/** A row of `GET /v1/commands` (docs/choices.md: list commands). Quota figures are GB. */
export type CommandListItem = z.infer<typeof records.CommandListItem>;
/** FFDesk: a command's first image or video output, for a thumbnail in lists. */
export type CommandPreview = NonNullable<CommandListItem['preview']>;

export type InitUploadRequest = z.infer<typeof InitUploadBody>;
export type InitUploadResponse = z.infer<typeof records.InitUploadResponse>;
/** The answer of complete-upload: the file record, or its id and status if it went away meanwhile. */
export type CompletedUpload = z.infer<typeof records.CompleteUploadResponse>;
export type UploadedPart = z.infer<typeof CompleteUploadBody>['parts'][number];

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** The operating-system sandbox around ffmpeg and ffprobe. */
export type SandboxStatus = z.infer<typeof SandboxSchema>;
export type Health = z.infer<typeof HealthSchema>;
export type Account = z.infer<typeof AccountInfo>;
export type SystemInfo = z.infer<typeof SystemSchema>;

export type ApiKeyInfo = z.infer<typeof ApiKeyItem>;
export type CreatedApiKey = z.infer<typeof CreatedKey>;

/** `GET /v1/webhook`; the answer to PUT also holds the `whsec_` secret (shown once). */
export type WebhookConfig = z.infer<typeof WebhookConfigSchema> & Partial<Pick<z.infer<typeof WebhookWithSecret>, 'secret'>>;

/** A webhook delivery. Newer services may add fields; callers such as the CLI print them as they come. */
export type WebhookDelivery = z.infer<typeof Delivery> & Record<string, unknown>;

/** `GET /v1/events` payloads (FFDesk). */
export type CommandProgressEvent = z.infer<typeof events.CommandProgressEvent>;
export type FileEvent = z.infer<typeof events.FileEvent>;
export type WatchEvent = z.infer<typeof events.WatchEvent>;

export type ServiceEvent =
  | { type: 'command'; id: string; data: CommandListItem }
  | { type: 'command.progress'; id: string; data: CommandProgressEvent }
  | { type: 'file'; id: string; data: FileEvent }
  | { type: 'watch'; id: string; data: WatchEvent };

/** `GET /v1/workers`: scale-out workers (docs/scale-out.md). */
export type WorkerInfo = z.infer<typeof WorkerItem>;
export type WorkersList = z.infer<typeof WorkersListSchema>;
