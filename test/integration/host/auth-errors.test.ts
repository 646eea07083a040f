import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import type { Host } from '../../host/index.ts';
import { call, err, ok } from './helpers.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost({ seed: 'demo', apiKey: 'TestKey000000001' });
});
afterAll(() => host.close());

describe('authentication (spec 5)', () => {
  it('accepts the key in the X-Api-Key header and in the legacy key query parameter', async () => {
    const byHeader = await ok(host, '/v1/account');
    const byQuery = await ok(host, '/v1/account', { auth: 'query' });
    expect(byHeader.email).toBe(byQuery.email);
  });

  it.each([
    ['missing', { auth: 'none' as const }],
    ['malformed (15 chars)', { key: 'TestKey00000000' }],
    ['malformed (17 chars)', { key: 'TestKey0000000011' }],
    ['malformed (non-word)', { key: 'TestKey-00000001' }],
    ['unknown', { key: 'ZZZZZZZZZZZZZZZZ' }],
    ['unknown by query', { key: 'ZZZZZZZZZZZZZZZZ', auth: 'query' as const }],
  ])('a %s key is HTTP 500 Invalid API Key', async (_label, opts) => {
    expect(await err(host, '/v1/account', opts)).toBe('Invalid API Key');
  });

  it('a revoked key is refused, the account keeps working with its other key', async () => {
    const second = host.control.addKey(host.apiKey).apiKey;
    expect((await ok(host, '/v1/account', { key: second })).email).toBeTruthy();
    host.control.revokeKey(second);
    expect(await err(host, '/v1/account', { key: second })).toBe('Invalid API Key');
    await ok(host, '/v1/account');
  });

  it('every v1 operation needs auth, including the deprecated ones', async () => {
    for (const path of ['/v1/videos', '/v1/folders', '/v1/upload', '/v1/videos/status', '/v1/videos/search?search=a', '/v1/upload/url/slots']) {
      expect(await err(host, path, { auth: 'none' })).toBe('Invalid API Key');
    }
    expect(await err(host, '/v1/folders/create', { auth: 'none', json: { name: 'x' } })).toBe('Invalid API Key');
  });

  it('separate accounts do not see each other', async () => {
    const other = host.control.addAccount({ seed: 'empty' }).apiKey;
    const mine = host.control.videos()[0];
    expect(mine).toBeDefined();
    expect(await err(host, '/v1/videos/info', { key: other, query: { id: mine?.id ?? '' } })).toBe('File not found');
    const list = await ok<{ list: unknown[] }>(host, '/v1/videos', { key: other });
    expect(list.list).toEqual([]);
  });
});

describe('error body (spec 7)', () => {
  it('a missing video says File not found', async () => {
    expect(await err(host, '/v1/videos/info', { query: { id: 'abcdefghijkl' } })).toBe('File not found');
  });

  it('validation failures are HTTP 500 with {message, status}', async () => {
    const bad: Array<Record<string, string | number>> = [{ page: 0 }, { page: 'x' }, { perPage: 0 }, { folder: -1 }, { folder: 1.5 }];
    for (const query of bad) {
      await err(host, '/v1/videos', { query });
    }
    await err(host, '/v1/videos/info', { query: { id: 'short' } });
    await err(host, '/v1/videos/info', { query: { id: 'abcdefghijk-' } });
    await err(host, '/v1/videos/info');
    await err(host, '/v1/folders/create', { body: '{not json', headers: { 'Content-Type': 'application/json' } });
    await err(host, '/v1/folders/create', { json: [1, 2] });
    await err(host, '/v1/folders/create', { json: { name: '' } });
  });

  it('unknown operations and wrong methods are errors in the same shape', async () => {
    expect(await err(host, '/v1/nope')).toMatch(/unknown/i);
    expect(await err(host, '/v1/account', { method: 'POST', json: {} })).toMatch(/not allowed/i);
  });

  it('the body is JSON with HTTP 500 and content-type application/json', async () => {
    const res = await call(host, '/v1/videos/info', { query: { id: 'abcdefghijkl' } });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.text)).toEqual({ message: 'File not found', status: 500 });
  });
});

describe('deprecated operations (18, 19)', () => {
  it('19 always fails and points to /v1/videos/info', async () => {
    expect(await err(host, '/v1/videos/status')).toMatch(/\/v1\/videos\/info/);
    expect(await err(host, '/v1/videos/status', { query: { id: host.control.videos()[0]?.id ?? '' } })).toMatch(/\/v1\/videos\/info/);
  });

  it('18 answers {pagination, list} across folders', async () => {
    const name = host.control.videos().find((v) => v.folderId !== 0)?.name ?? '';
    const word = name.split(' ')[0] ?? '';
    const res = await ok<{ pagination: { total: number }; list: Array<{ name: string }> }>(host, '/v1/videos/search', { query: { search: word.toUpperCase() } });
    expect(res.list.length).toBeGreaterThan(0);
    expect(res.list.every((v) => v.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    await err(host, '/v1/videos/search');
  });
});
