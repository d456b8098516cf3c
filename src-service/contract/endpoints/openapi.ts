import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { json } from '../responses';

/** The API description itself (no key). */
export const openapiEndpoints = defineEndpoints({
  getOpenApi: {
    method: 'get',
    path: '/v1/openapi.json',
    tag: 'System',
    summary: 'This document (no key)',
    auth: false,
    responses: { '200': json('OpenAPI 3.1', z.record(z.string(), z.unknown())) },
  },
});
