// Issue 17 item 3 (Account part): a refresh the service refuses (the key was revoked on the
// sandbox host) keeps the cached figures, and their freshness says the refresh failed, so the
// page cannot show them as "Updated just now".
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Env } from './harness.ts';

let env: Env | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

describe('account refresh with a revoked key', () => {
  it('keeps the cached account and marks the failed refresh', async () => {
    env = await setup({ seed: 'demo' });
    const { library, host } = env;
    expect(await library.account.refreshAccount()).toBe(true);
    const loaded = library.account.accountView();
    expect(loaded.account?.email).toBeTruthy();
    expect(loaded.freshness).toMatchObject({ stale: false, failedAt: null });

    host.control.revokeKey(host.apiKey);
    expect(await library.account.refreshAccount()).toBe(false);
    const after = library.account.accountView();
    expect(after.account).toEqual(loaded.account);
    expect(after.freshness.fetchedAt).toBe(loaded.freshness.fetchedAt);
    expect(after.freshness.stale).toBe(true);
    expect(after.freshness.failedAt).toBeGreaterThanOrEqual(loaded.freshness.fetchedAt!);
  });
});
