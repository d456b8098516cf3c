import { z } from 'zod';
import { InputFiles, OutputFiles, RunChainedBody, RunCommandBody, RunMultipleBody } from '../../contract/commands.schema';
import { BulkDeleteBody, CompleteUploadBody, InitUploadBody, StoreFileBody } from '../../contract/files.schema';
import { CommandProgressEvent, FileEvent, Progress } from '../../contract/events.schema';
import { Delivery, PutWebhookBody, WebhookConfig, WebhookWithSecret } from '../../contract/webhook.schema';
import { ApiKeyItem, CreatedKey, CreateKeyBody } from '../../contract/keys.schema';
import * as records from '../../contract/records.schema';
import { AccountInfo, Health, SystemInfo } from '../../contract/system.schema';

/** Request schemas, converted as the route parses them (io: input: defaults make fields optional). */
export const REQUEST_COMPONENTS: Record<string, z.ZodType> = {
  RunCommandBody,
  RunChainedBody,
  RunMultipleBody,
  InputFiles,
  OutputFiles,
  StoreFileBody,
  BulkDeleteBody,
  InitUploadBody,
  CompleteUploadBody,
  PutWebhookBody,
  CreateKeyBody,
};

/** The webhook POST body (docs/choices.md: Webhooks): the poll body and the unix-ms time of the event. */
export const WebhookPayload = z.object({
  data: records.CommandRecord,
  timestamp: z.number().int().describe('Unix milliseconds'),
});

/** Response schemas, converted as the presenters produce them (io: output). */
export const RESPONSE_COMPONENTS: Record<string, z.ZodType> = {
  ErrorBody: records.ErrorBody,
  ValidationErrorBody: records.ValidationErrorBody,
  StoredFile: records.StoredFile,
  CommandRecord: records.CommandRecord,
  CommandListItem: records.CommandListItem,
  SubmitResponse: records.SubmitResponse,
  ChainedSubmitResponse: records.ChainedSubmitResponse,
  MultipleSubmitResponse: records.MultipleSubmitResponse,
  FileIdResponse: records.FileIdResponse,
  InitUploadResponse: records.InitUploadResponse,
  CompleteUploadResponse: records.CompleteUploadResponse,
  BulkDeleteResponse: records.BulkDeleteResponse,
  Progress,
  CommandProgressEvent,
  FileEvent,
  Delivery,
  WebhookConfig,
  WebhookWithSecret,
  WebhookPayload,
  ApiKeyItem,
  CreatedKey,
  AccountInfo,
  SystemInfo,
  Health,
};
