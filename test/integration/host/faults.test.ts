import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import type { FaultPlan, Host } from '../../host/index.ts';
import { call, ok, uploadFile, uploadTarget, withHost } from './helpers.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
});
afterAll(() => host.close());

const once = (route: string, kind: FaultPlan[number]['kind'], extra: Partial<FaultPlan[number]> = {}): FaultPlan => [{ route, kind, times: 1, ...extra }];

describe('fault kinds', () => {
  it('server_error: HTTP 500 with the error body, then normal again (times)', async () => {
    host.control.setFaults(once('GET /v1/account', 'server_error'));
    const res = await call(host, '/v1/account');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toMatchObject({ status: 500 });
    expect((await call(host, '/v1/account')).status).toBe(200);
  });

  it('reset: the connection dies without a reply, logged with status 0', async () => {
    host.control.setFaults(once('GET /v1/account', 'reset'));
    host.control.clearLog();
    await expect(call(host, '/v1/account')).rejects.toThrow();
    expect(host.control.requestLog()[0]).toMatchObject({ path: '/v1/account', status: 0 });
  });

  it('truncated_json and malformed_json: 200 with a body that is not JSON', async () => {
    for (const kind of ['truncated_json', 'malformed_json'] as const) {
      host.control.setFaults(once('GET /v1/account', kind));
      const res = await call(host, '/v1/account');
      expect(res.status).toBe(200);
      expect(res.text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(res.text)).toThrow();
    }
  });

  it('html_error: an HTML proxy page', async () => {
    host.control.setFaults(once('GET /v1/account', 'html_error'));
    const res = await call(host, '/v1/account');
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toMatch(/<html>/);
  });

  it('drip: the reply arrives byte by byte', async () => {
    host.control.setFaults(once('GET /v1/upload/url/slots', 'drip', { dripMs: 5 }));
    const t0 = Date.now();
    const res = await call(host, '/v1/upload/url/slots');
    expect(JSON.parse(res.text)).toEqual({ slots: { used: 0, total: 100, free: 0 + 100 } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(res.body.length * 4);
  });

  it('redirect_foreign and redirect_http: a redirect the client must not follow blindly', async () => {
    host.control.setFaults(once('GET /v1/account', 'redirect_foreign', { redirectTo: 'http://127.0.0.1:9/' }));
    const a = await call(host, '/v1/account');
    expect(a.status).toBe(302);
    expect(a.headers.location).toBe('http://127.0.0.1:9/v1/account');
    host.control.setFaults(once('POST /v1/folders/create', 'redirect_foreign'));
    const b = await call(host, '/v1/folders/create', { json: { name: 'x' } });
    expect(b.status).toBe(307);
    expect(new URL(b.headers.location ?? '').hostname).toBe('foreign.invalid');
    expect(host.control.folders()).toEqual([]);
    host.control.setFaults(once('GET /v1/account', 'redirect_http'));
    const c = await call(host, '/v1/account');
    expect(c.status).toBe(302);
    expect(c.headers.location).toBe(`${host.baseUrl}/v1/account`);
  });

  it('huge_body and empty_body', async () => {
    host.control.setFaults(once('GET /v1/account', 'huge_body', { hugeBytes: 3 * 1024 * 1024 }));
    const huge = await call(host, '/v1/account');
    expect(huge.body.length).toBeGreaterThan(3 * 1024 * 1024);
    host.control.setFaults(once('GET /v1/account', 'empty_body'));
    const empty = await call(host, '/v1/account');
    expect(empty.status).toBe(200);
    expect(empty.body.length).toBe(0);
  });

  it('lose_reply: the operation takes effect, the reply never comes', async () => {
    host.control.setFaults(once('POST /v1/folders/create', 'lose_reply'));
    await expect(call(host, '/v1/folders/create', { json: { name: 'Ghost' } })).rejects.toThrow();
    expect(host.control.folders().map((f) => f.name)).toContain('Ghost');
  });

  it("'*' matches every API route; a bare path matches any method; faultsInjected counts", async () => {
    const before = host.control.faultsInjected();
    host.control.setFaults([{ route: '*', kind: 'server_error', times: 2 }]);
    expect((await call(host, '/v1/folders')).status).toBe(500);
    expect((await call(host, '/v1/upload/url/slots')).status).toBe(500);
    expect((await call(host, '/v1/folders')).status).toBe(200);
    host.control.setFaults([{ route: '/v1/folders', kind: 'html_error', times: 1 }]);
    expect((await call(host, '/v1/folders')).status).toBe(502);
    expect(host.control.faultsInjected()).toBe(before + 3);
    host.control.setFaults([]);
  });
});

describe('file-server faults', () => {
  it('reset_mid_body at a chosen byte: no video, no count', async () => {
    const before = host.control.uploadsReceived();
    host.control.setFaults(once('FILES', 'reset_mid_body', { atByte: 1024 * 1024 }));
    await expect(uploadFile(await uploadTarget(host), Buffer.alloc(8 * 1024 * 1024, 1), 'cut.mp4')).rejects.toThrow();
    expect(host.control.uploadsReceived()).toBe(before);
    expect(host.control.videos().some((v) => v.name === 'cut.mp4')).toBe(false);
    host.control.setFaults(once('FILES', 'reset_mid_body', { atFraction: 0.5 }));
    await expect(uploadFile(await uploadTarget(host), Buffer.alloc(4 * 1024 * 1024, 1), 'cut2.mp4')).rejects.toThrow();
    expect(host.control.uploadsReceived()).toBe(before);
    const res = await uploadFile(await uploadTarget(host), Buffer.alloc(1024, 1), 'fine.mp4');
    expect(res.status).toBe(200);
  });

  it('lose_reply: the file is stored, the reply is lost', async () => {
    const before = host.control.uploadsReceived();
    host.control.setFaults(once('FILES', 'lose_reply'));
    await expect(uploadFile(await uploadTarget(host), Buffer.alloc(64 * 1024, 2), 'lost-reply.mp4')).rejects.toThrow();
    expect(host.control.uploadsReceived()).toBe(before + 1);
    expect(host.control.videos().some((v) => v.name === 'lost-reply.mp4')).toBe(true);
  });

  it('server_error and html_error on the file server; API routes are not affected by FILES', async () => {
    host.control.setFaults([{ route: 'FILES', kind: 'server_error', times: 1 }]);
    const target = await uploadTarget(host);
    const res = await uploadFile(target, Buffer.alloc(10), 'x.mp4');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toMatchObject({ status: 500 });
    host.control.setFaults([{ route: 'FILES', kind: 'html_error', times: 1 }]);
    expect((await uploadFile(await uploadTarget(host), Buffer.alloc(10), 'x.mp4')).status).toBe(502);
  });
});

describe('determinism', () => {
  const plan: FaultPlan = [
    { route: 'GET /v1/account', kind: 'server_error', rate: 0.3 },
    { route: 'GET /v1/account', kind: 'html_error', rate: 0.3 },
  ];
  const sequence = async (rngSeed: number): Promise<number[]> => {
    const statuses: number[] = [];
    await withHost({ rngSeed, faults: plan }, async (h) => {
      for (let i = 0; i < 40; i++) statuses.push((await call(h, '/v1/account')).status);
    });
    return statuses;
  };

  it('the same rngSeed and plan give the same failures; another seed differs', async () => {
    const a = await sequence(7);
    const b = await sequence(7);
    const c = await sequence(8);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.filter((s) => s !== 200).length).toBeGreaterThan(5);
    expect(a).toContain(502);
    expect(a).toContain(500);
  });

  it('setFaults restarts the sequence; ids are reproducible per rngSeed', async () => {
    await withHost({ rngSeed: 99 }, async (h) => {
      h.control.setFaults(plan);
      const first: number[] = [];
      for (let i = 0; i < 20; i++) first.push((await call(h, '/v1/account')).status);
      h.control.setFaults(plan);
      const second: number[] = [];
      for (let i = 0; i < 20; i++) second.push((await call(h, '/v1/account')).status);
      expect(second).toEqual(first);
    });
    const ids = async (): Promise<string[]> => {
      const h = await startHost({ rngSeed: 5 });
      try {
        return [h.control.addVideo({ name: 'a' }).id, h.control.addVideo({ name: 'b' }).id];
      } finally {
        await h.close();
      }
    };
    expect(await ids()).toEqual(await ids());
  });
});

describe('latency, offline, stop/start', () => {
  it('adds fixed latency plus jitter', async () => {
    host.control.setLatency(120, 30);
    try {
      const t0 = Date.now();
      await ok(host, '/v1/account');
      const took = Date.now() - t0;
      expect(took).toBeGreaterThanOrEqual(115);
      expect(took).toBeLessThan(1000);
    } finally {
      host.control.setLatency(0, 0);
    }
  });

  it('offline destroys connections; back online works', async () => {
    host.control.setOffline(true);
    await expect(call(host, '/v1/account')).rejects.toThrow();
    await expect(uploadFile({ url: host.control.fileServerUrls()[0] ?? '', session: 'x' }, Buffer.alloc(1), 'a')).rejects.toThrow();
    host.control.setOffline(false);
    await ok(host, '/v1/account');
  });

  it('stop() refuses connections; start() reopens the same ports', async () => {
    const files = host.control.fileServerUrls();
    await host.control.stop();
    await expect(call(host, '/v1/account')).rejects.toThrow(/ECONNREFUSED/);
    await host.control.start();
    await ok(host, '/v1/account');
    expect(host.control.fileServerUrls()).toEqual(files);
    expect((await uploadFile(await uploadTarget(host), Buffer.from('after restart'), 'r.mp4')).status).toBe(200);
  });
});

describe('request log', () => {
  it('records method, path, auth method and status, never the key', async () => {
    host.control.clearLog();
    await call(host, '/v1/account');
    await call(host, '/v1/account', { auth: 'query' });
    await call(host, '/v1/account', { auth: 'none' });
    await call(host, '/v1/videos', { query: { search: 'secret' } });
    const log = host.control.requestLog();
    expect(log.map((e) => [e.method, e.path, e.auth, e.status, e.origin])).toEqual([
      ['GET', '/v1/account', 'header', 200, 'api'],
      ['GET', '/v1/account', 'query', 200, 'api'],
      ['GET', '/v1/account', 'none', 500, 'api'],
      ['GET', '/v1/videos', 'header', 200, 'api'],
    ]);
    expect(typeof log[0]?.at).toBe('number');
    expect(JSON.stringify(log)).not.toContain(host.apiKey);
  });
});
