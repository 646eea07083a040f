// Hostile and broken replies: each ends in a typed error within the deadline, nothing
// crashes, nothing is half-parsed, and only requests that are safe to repeat are repeated.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient, type ServiceClientOptions } from '../../../electron/core/api/client.ts';
import { nodeTransport, type HttpRequest, type Transport } from '../../../electron/core/api/http.ts';
import { startHost, type Host } from '../../host/index.ts';
import { failure, startTinyServer, type TinyServer } from './fixtures.ts';

let host: Host;

const noWait = async (): Promise<void> => undefined;

function client(overrides: Partial<ServiceClientOptions> = {}): ServiceClient {
  return new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, deadlineMs: 1_500, sleep: noWait, ...overrides });
}

function requestsTo(path: string): number {
  return host.control.requestLog().filter((e) => e.path === path).length;
}

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
});

afterAll(async () => {
  await host?.close();
});

beforeEach(() => {
  host.control.setFaults([]);
  host.control.clearLog();
});

describe('broken replies', () => {
  it('an HTML 502 page is a server error, retried for a read and then given up', async () => {
    host.control.setFaults([{ route: 'GET /v1/account', kind: 'html_error' }]);
    const error = await failure(client().account());
    expect(error).toMatchObject({ code: 'server', kind: 'gateway', retryable: true });
    expect(error.message).toMatch(/HTTP 502/);
    expect(requestsTo('/v1/account')).toBe(3);
  });

  it('a single HTML 502 page is retried through for a read', async () => {
    host.control.setFaults([{ route: 'GET /v1/account', kind: 'html_error', times: 1 }]);
    expect((await client().account()).email).toContain('@');
    expect(requestsTo('/v1/account')).toBe(2);
  });

  it.each([
    ['truncated_json', 'not JSON'],
    ['malformed_json', 'not JSON'],
    ['empty_body', 'empty'],
  ] as const)('%s is a bad reply, not a half-filled object', async (kind, words) => {
    host.control.setFaults([{ route: 'GET /v1/upload/url/slots', kind }]);
    const error = await failure(client().slots());
    expect(error).toMatchObject({ code: 'server', kind: 'bad_reply' });
    expect(error.message).toContain(words);
  });

  it('a reply with the wrong shape is a bad reply naming the field', async () => {
    const wrong = await startTinyServer({ status: 200, type: 'application/json', body: JSON.stringify({ email: 5, balance: '1' }) });
    try {
      const error = await failure(client({ baseUrl: wrong.url }).account());
      expect(error).toMatchObject({ code: 'server', kind: 'bad_reply' });
      expect(error.message).toMatch(/field email/);
    } finally {
      await wrong.close();
    }
  });

  it('a dripping reply ends at the deadline as offline/timeout', async () => {
    host.control.setFaults([{ route: 'GET /v1/account', kind: 'drip', dripMs: 400 }]);
    const started = Date.now();
    const error = await failure(client({ deadlineMs: 800 }).account());
    expect(error).toMatchObject({ code: 'offline', kind: 'timeout' });
    // Loose bound: it did not wait for the whole drip (which would take many seconds).
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('a 50 MB reply is cut at the size cap', async () => {
    host.control.setFaults([{ route: 'GET /v1/account', kind: 'huge_body', hugeBytes: 50 * 1024 * 1024 }]);
    const error = await failure(client({ maxResponseBytes: 1024 * 1024, deadlineMs: 10_000 }).account());
    expect(error).toMatchObject({ code: 'server', kind: 'too_large' });
  });

  it('a reset connection is offline after the retries of a read', async () => {
    host.control.setFaults([{ route: 'GET /v1/upload/url/slots', kind: 'reset' }]);
    const error = await failure(client().slots());
    expect(error).toMatchObject({ code: 'offline', kind: 'network', retryable: true });
  });

  it('a reply cut mid-body is offline', async () => {
    host.control.setFaults([{ route: 'GET /v1/upload/url/slots', kind: 'reset_mid_body' }]);
    expect((await failure(client().slots())).code).toBe('offline');
  });

  it('a lost reply to a create is not sent again (it may have worked)', async () => {
    host.control.setFaults([{ route: 'POST /v1/folders/create', kind: 'lose_reply' }]);
    const error = await failure(client().folderCreate({ name: 'once' }));
    expect(error.code).toBe('offline');
    expect(requestsTo('/v1/folders/create')).toBe(1);
    expect(host.control.folders().filter((f) => f.name === 'once')).toHaveLength(1);
  });

  it('a passing server error on the call and on the key re-check is not a refused key', async () => {
    // Chaos found it: an upload target failed with "The service refused the API key" while
    // the key was good, because operation 1 itself met a passing 500 during the re-check.
    host.control.setFaults([
      { route: 'GET /v1/upload/url/slots', kind: 'server_error', times: 1 },
      { route: 'GET /v1/account', kind: 'server_error', times: 1 },
    ]);
    const error = await failure(client().slots());
    expect(error.code).not.toBe('unauthorized');
    expect(error).toMatchObject({ code: 'server', kind: 'service' });
  });

  it('a key the service keeps refusing is still unauthorized', async () => {
    host.control.setFaults([
      { route: 'GET /v1/upload/url/slots', kind: 'server_error', times: 1 },
      { route: 'GET /v1/account', kind: 'server_error' },
    ]);
    const error = await failure(client().slots());
    expect(error.code).toBe('unauthorized');
  });

  it('an unclassified server error on a read is server, not retried', async () => {
    host.control.setFaults([{ route: 'GET /v1/upload/url/slots', kind: 'server_error' }]);
    const error = await failure(client().slots());
    expect(error).toMatchObject({ code: 'server', kind: 'service', serviceMessage: 'Internal Server Error' });
    expect(requestsTo('/v1/upload/url/slots')).toBe(1);
  });
});

describe('the key stays with the service', () => {
  let foreign: TinyServer;

  beforeAll(async () => {
    foreign = await startTinyServer({ status: 200, type: 'application/json', body: '{"hello":"world"}' });
  });

  afterAll(async () => {
    await foreign?.close();
  });

  it('every request carries the key in the X-Api-Key header and never in a query', async () => {
    const urls: string[] = [];
    const recording: Transport = (request: HttpRequest) => {
      urls.push(request.url.href);
      return nodeTransport(request);
    };
    const c = client({ transport: recording });
    await c.account();
    await c.reports({ last: 3 });
    await c.dmca({ page: 1, perPage: 2 });
    await c.slots();
    await c.folders({ parent: 0 });
    await c.videos({ folder: 0, page: 1, perPage: 5, search: 'x' });
    await c.folderCreate({ name: 'recorded' });
    await c.uploadTarget();
    await failure(c.videoInfo({ id: 'zzzzzzzzzzzz' }));
    const log = host.control.requestLog().filter((e) => e.origin === 'api');
    expect(log.length).toBeGreaterThanOrEqual(9);
    expect(log.every((e) => e.auth === 'header')).toBe(true);
    expect(urls.length).toBe(log.length);
    for (const url of urls) {
      expect(url).not.toMatch(/[?&]key=/);
      expect(url).not.toContain(host.apiKey);
    }
  });

  it('a redirect to another origin reaches it without the key', async () => {
    host.control.setFaults([{ route: 'GET /v1/account', kind: 'redirect_foreign', redirectTo: foreign.url }]);
    const error = await failure(client().account());
    expect(error.kind).toBe('bad_reply');
    expect(foreign.requests).toHaveLength(1);
    const seen = foreign.requests[0];
    expect(seen?.url).toBe('/v1/account');
    expect(seen?.headers['x-api-key']).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain(host.apiKey);
  });

  it('a POST redirected to another origin is not followed at all', async () => {
    const before = foreign.requests.length;
    host.control.setFaults([{ route: 'POST /v1/folders/create', kind: 'redirect_foreign', redirectTo: foreign.url }]);
    const error = await failure(client().folderCreate({ name: 'nowhere' }));
    expect(error).toMatchObject({ code: 'server', kind: 'redirect' });
    expect(foreign.requests.length).toBe(before);
  });

  it('a same-origin redirect is followed with the key; an endless one is given up', async () => {
    host.control.setFaults([{ route: 'GET /v1/upload/url/slots', kind: 'redirect_http', times: 1 }]);
    expect((await client().slots()).slots.total).toBe(100);
    host.control.setFaults([{ route: 'GET /v1/upload/url/slots', kind: 'redirect_http' }]);
    const error = await failure(client().slots());
    expect(error.kind).toBe('redirect');
    expect(host.control.requestLog().every((e) => e.auth === 'header')).toBe(true);
  });
});
