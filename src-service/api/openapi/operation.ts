import type { z } from 'zod';

/** One response of an operation: a JSON schema, or another media type described in words. */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  mediaType?: 'application/json' | 'text/plain' | 'text/event-stream' | 'text/html';
  headers?: Record<string, string>;
}

/**
 * One endpoint, declared next to the very zod schemas its route validates with, so the
 * OpenAPI document is generated from the single source of truth.
 */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path form: `/v1/commands/{command_id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Default true: `X-API-KEY` required (docs/api.md §5). */
  auth?: boolean;
  body?: z.ZodType;
  /** A multipart/form-data body instead: file field name to its description. */
  form?: Record<string, string>;
  query?: z.ZodObject;
  params?: z.ZodObject;
  headers?: { name: string; description: string }[];
  responses: Record<string, ResponseSpec>;
}
