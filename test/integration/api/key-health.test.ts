// Issue 17 item 3: a key the service stops accepting (revoked on the sandbox host) is reported
// by the client once the error probe confirmed it (operation 1 refuses it twice), not for an
// error about something else; a key that works again is reported accepted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { startHost, type Host } from '../../host/index.ts';

let host: Host;
beforeEach(async () => {
  host = await startHost({ seed: 'demo' });
});
afterEach(async () => {
  await host.close();
});

function clientWith(key: () => string): { client: ServiceClient; verdicts: string[] } {
  const verdicts: string[] = [];
  const client = new ServiceClient({
    baseUrl: host.baseUrl,
    apiKey: key,
    keyHealth: { refused: () => verdicts.push('refused'), accepted: () => verdicts.push('accepted') },
  });
  return { client, verdicts };
}

describe('key health', () => {
  it('reports a revoked key as refused, and a replacement as accepted', async () => {
    let key = host.apiKey;
    const { client, verdicts } = clientWith(() => key);
    await client.folders({ parent: 0 });
    expect(verdicts).toEqual(['accepted']);

    // An error about the request, not the key: no verdict on the key.
    verdicts.length = 0;
    await expect(client.folders({ parent: 987_654 })).rejects.toBeDefined();
    expect(verdicts).not.toContain('refused');

    const replacement = host.control.addKey(host.apiKey).apiKey;
    host.control.revokeKey(host.apiKey);
    verdicts.length = 0;
    await expect(client.folders({ parent: 0 })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(verdicts).toEqual(['refused']);

    key = replacement;
    verdicts.length = 0;
    await client.folders({ parent: 0 });
    expect(verdicts).toEqual(['accepted']);
  });
});
