import type { EndpointGroup, Operation } from '../endpoint';
import { commandEndpoints } from './commands';
import { fileEndpoints } from './files';
import { streamedEndpoints } from './streamed';
import { eventEndpoints } from './events';
import { webhookEndpoints } from './webhook';
import { keyEndpoints } from './keys';
import { systemEndpoints } from './system';
import { openapiEndpoints } from './openapi';
import { workerEndpoints } from './workers';
import { presetEndpoints } from './presets';
import { batchEndpoints } from './batches';
import { cacheEndpoints } from './cache';
import { watchEndpoints } from './watch';
import { workerProtocolEndpoints } from './worker-protocol';
import { fileFactEndpoints } from './file-facts';
import { editEndpoints } from './edits';

/** Every endpoint group; the order is the OpenAPI document's. */
export const ENDPOINT_GROUPS = [
  commandEndpoints,
  fileEndpoints,
  fileFactEndpoints,
  streamedEndpoints,
  eventEndpoints,
  webhookEndpoints,
  keyEndpoints,
  systemEndpoints,
  openapiEndpoints,
  workerEndpoints,
  presetEndpoints,
  batchEndpoints,
  cacheEndpoints,
  watchEndpoints,
  workerProtocolEndpoints,
  editEndpoints,
] as const satisfies readonly EndpointGroup[];

/** Every endpoint of the service, each with its operationId. */
export const ENDPOINTS: readonly Operation[] = ENDPOINT_GROUPS.flatMap((group) =>
  Object.entries(group as EndpointGroup).map(([operationId, e]) => ({ operationId, ...e })),
);
