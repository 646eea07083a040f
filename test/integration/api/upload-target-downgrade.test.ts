// Issue 18 item 2: an https service that hands out a plain-http file server is refused, so the
// upload session and the file never travel in the clear; the sandbox (http on loopback) still
// hands out its http file server. The service is the real sandbox host; only TLS is stood in
// for, by a transport that carries the https address's requests to the host over loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { nodeTransport, type Transport } from '../../../electron/core/api/http.ts';
import { startHost, type Host } from '../../host/index.ts';
import { failure } from './fixtures.ts';

let host: Host;

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
});

afterAll(async () => {
  await host?.close();
});

const HTTPS_BASE = 'https://service.invalid/';

/** Sends the request for the https address to the host on loopback, as a TLS terminator would. */
const overTls: Transport = async (request) => {
  const local = new URL(request.url.pathname + request.url.search, host.baseUrl);
  const response = await nodeTransport({ ...request, url: local });
  return { ...response, url: request.url };
};

describe('the upload address handed out by the service', () => {
  it('an https service handing out a plain-http file server is refused with a clear message', async () => {
    const c = new ServiceClient({ baseUrl: HTTPS_BASE, apiKey: host.apiKey, transport: overTls, deadlineMs: 5_000 });
    const error = await failure(c.uploadTarget());
    expect(error).toMatchObject({ code: 'server', kind: 'bad_reply', operation: 'uploadTarget', retryable: false });
    expect(error.message).toMatch(/plain-http upload address/);
    expect(error.message).not.toMatch(/[0-9a-f]{48}/);
  });

  it('the sandbox (http on loopback) hands out its http file server', async () => {
    const c = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, deadlineMs: 5_000 });
    const target = await c.uploadTarget();
    expect(new URL(target.url).protocol).toBe('http:');
  });
});
