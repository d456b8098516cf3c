import { defineEndpoints } from '../endpoint';
import { ApiKeyItem, CreateKeyBody, CreatedKey, KeyIdParams } from '../keys.schema';
import { errors, json, ok204 } from '../responses';

/** The caller's account's API keys (FFDesk, for the GUI's settings page). */
export const keyEndpoints = defineEndpoints({
  listKeys: {
    method: 'get',
    path: '/v1/keys',
    tag: 'Account',
    summary: "The account's API keys",
    responses: { '200': json('Bare array', ApiKeyItem, true), ...errors(401) },
  },
  createKey: {
    method: 'post',
    path: '/v1/keys',
    tag: 'Account',
    summary: "Create a key for the caller's account (shown once)",
    body: CreateKeyBody,
    emptyBodyIs: {},
    responses: { '200': json('The new key', CreatedKey), ...errors(401, 422) },
  },
  revokeKey: {
    method: 'delete',
    path: '/v1/keys/{key_id}',
    tag: 'Account',
    summary: 'Revoke a key of the account (not the one making the request)',
    params: KeyIdParams,
    responses: { '204': ok204('Revoked'), ...errors(400, 401, 404) },
  },
});
