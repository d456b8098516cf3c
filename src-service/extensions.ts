import type Koa from 'koa';
import type { Router } from '@koa/router';
import type { AppDeps } from './deps';
import type { CommandRow } from './db/commands-repo';

/**
 * The features mounted on top of the command core: each contributes routes, raw handlers
 * (streamed bodies), background work started and stopped with the service, and a hook for
 * finished commands (webhooks).
 */
export interface Extensions {
  routers: Router[];
  rawHandlers: Koa.Middleware[];
  start(): Promise<void>;
  stop(): Promise<void>;
  onCommandFinal(row: CommandRow): void;
}

export function mountExtensions(_deps: AppDeps): Extensions {
  return {
    routers: [],
    rawHandlers: [],
    start: async () => undefined,
    stop: async () => undefined,
    onCommandFinal: () => undefined,
  };
}
