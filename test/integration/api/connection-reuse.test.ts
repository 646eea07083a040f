// A kept-alive connection the service closed (it restarted) must not turn the next POST
// into a failure: POSTs go on fresh connections, so they never meet a stale socket (and a
// reset after the service acted is never mistaken for one and sent twice: see the remote
// imports' lost-reply test).
import { afterEach, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { NO_RETRY } from '../../../electron/core/api/retry.ts';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('connection reuse', () => {
  it('sends a POST on a fresh connection, so a service restart does not fail it', async () => {
    const host = await startHost({ seed: 'empty' });
    close = host.close;
    // No retries at all: the POST must succeed on its first and only attempt.
    const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, retry: NO_RETRY, verifyKeyOnError: false });
    await client.account();
    await host.control.stop();
    await host.control.start();

    const created = await client.folderCreate({ name: 'After restart' });
    expect(created.name).toBe('After restart');
    const creates = host.control.requestLog().filter((entry) => entry.path === '/v1/folders/create');
    expect(creates).toHaveLength(1);
    expect(host.control.folders().filter((folder) => folder.name === 'After restart')).toHaveLength(1);
  });
});
