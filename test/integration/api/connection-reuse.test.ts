// A kept-alive connection the service closed (it restarted) must not turn the next request
// into a failure: not a read, and not a POST that cannot be retried blindly.
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
  it('sends a POST on a fresh connection when the pooled one was closed by a service restart', async () => {
    const host = await startHost({ seed: 'empty' });
    close = host.close;
    // No retries at all: only the stale-socket rule may send the request a second time.
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
