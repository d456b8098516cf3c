import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';

interface KeyItem {
  key_id: string;
  is_current: boolean;
  revoked_at: string | null;
}

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc?.stop());

describe('/v1/keys (the GUI settings page)', () => {
  it('when keys are listed, then the local key is there, marked current, without its secret', async () => {
    const res = await svc.api('GET', '/v1/keys');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ is_current: true, prefix: svc.key.slice(0, 10), revoked_at: null, plan: 'pro' })]);
    expect(res.text).not.toContain(svc.key);
  });

  it('when a key is created, then it is shown once, works, and can be revoked by another key of the account', async () => {
    const created = await svc.api('POST', '/v1/keys', { label: 'script' });
    expect(created.body).toMatchObject({ key_id: expect.any(String), key: expect.stringMatching(/^ffd_/), label: 'script', plan: 'pro', revoked_at: null });
    const newKey = created.body.key as string;
    expect((await svc.api('GET', '/v1/account', undefined, { key: newKey })).body.account_id).toBe((await svc.api('GET', '/v1/account')).body.account_id);
    const list = await svc.api('GET', '/v1/keys', undefined, { key: newKey });
    expect(list.body.find((k: KeyItem) => k.key_id === created.body.key_id)?.is_current).toBe(true);
    expect((await svc.api('DELETE', `/v1/keys/${created.body.key_id}`)).status).toBe(204);
    expect((await svc.api('GET', '/v1/account', undefined, { key: newKey })).status).toBe(401);
    const after = await svc.api('GET', '/v1/keys');
    expect(after.body.find((k: KeyItem) => k.key_id === created.body.key_id)?.revoked_at).toEqual(expect.any(String));
  });

  it('when the key making the request is revoked, then 400 and it keeps working', async () => {
    const mine = (await svc.api('GET', '/v1/keys')).body.find((k: KeyItem) => k.is_current);
    const res = await svc.api('DELETE', `/v1/keys/${mine?.key_id}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Cannot revoke the key used for this request' });
    expect((await svc.api('GET', '/v1/keys')).status).toBe(200);
  });

  it("when another account's key or an unknown id is revoked, then 404 and nothing changes", async () => {
    const other = svc.service.parts.accounts.createAccount('trial');
    const { id, key } = svc.service.parts.accounts.addKey(other.id);
    expect((await svc.api('DELETE', `/v1/keys/${id}`)).body).toEqual({ detail: 'Key not found' });
    expect((await svc.api('DELETE', '/v1/keys/nope')).status).toBe(404);
    expect((await svc.api('GET', '/v1/keys', undefined, { key })).body).toHaveLength(1);
  });

  it("when a key of another plan is asked, then 422 at plan: a key has its account's plan", async () => {
    const res = await svc.api('POST', '/v1/keys', { plan: 'trial' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'plan']);
    expect((await svc.api('POST', '/v1/keys', { plan: 'pro' })).status).toBe(200);
  });
});
