import type Koa from 'koa';
import type { Router } from '@koa/router';
import type { GuardedRouter } from '../../api/guarded-router';

/**
 * One part of the service as the composition root (src-service/compose.ts) wires it: the routes it adds to
 * the app, raw handlers for requests that stream their own body, and its lifecycle. The root
 * starts modules in the order it built them and stops them in reverse (docs/architecture.md).
 */
export interface ServiceModule {
  /** Named on stderr when stopping it takes long. */
  readonly name: string;
  readonly routers?: readonly Router[];
  /** Routes whose signed URL is the grant (no key): mounted before the key check. */
  readonly signedRouters?: readonly Router[];
  /** Routes with a credential of their own (the worker protocol's token): mounted before the key check. */
  readonly guardedRouters?: readonly GuardedRouter[];
  /** Middleware mounted before the key check (e.g. `/storage` URLs with a token in the URL). */
  readonly rawHandlers?: readonly Koa.Middleware[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** What stop() is waiting for, when it takes long (e.g. the ids of running commands). */
  waitingFor?(): string;
}

/** A module that only contributes routes. */
export function routesModule(name: string, routers: Router[]): ServiceModule {
  return { name, routers, start: async () => undefined, stop: async () => undefined };
}
