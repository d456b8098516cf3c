import type { EndpointGroup } from '../contract/endpoint';
import { ENDPOINT_GROUPS } from '../contract/endpoints/index';

type Union = (typeof ENDPOINT_GROUPS)[number];
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every declared endpoint by operationId, typed from its declaration. */
export type Api = Merged<Union>;
export type OperationId = keyof Api & string;

/**
 * Every endpoint of contract/endpoints/index.ts by operationId, derived from its groups: a
 * group added there is reachable as `client.call(API.someOperation, ...)` with no change here.
 */
export const API: Api = Object.assign({}, ...(ENDPOINT_GROUPS as readonly EndpointGroup[])) as Api;
