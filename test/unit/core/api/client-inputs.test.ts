// The client refuses bad input before anything leaves: each operation's arguments are parsed
// with the shared schemas (shared/model.ts, shared/contract.ts). A real loopback server
// counts requests, and the connectivity view hears nothing (nothing was tried).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../../electron/core/api/client.ts';
import { ManualConnectivity } from '../../../../electron/core/connectivity.ts';
import type { RemoteActionName } from '../../../../shared/model.ts';

const ID = 'abcdefghijkl';
const FILE = { path: '/tmp/vidlift-never-read.png', name: 'a.png', contentType: 'image/png' };

let server: Server;
let requests = 0;
let client: ServiceClient;
const connectivity = new ManualConnectivity('unknown');

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests++;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new ServiceClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k'.repeat(16), connection: connectivity, retry: { maxAttempts: 1, baseMs: 0, capMs: 0 } });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** [operation, what is wrong, the call, a word the message must name]. */
const BAD: [string, string, () => Promise<unknown>, RegExp][] = [
  ['reports', 'a date that does not exist', () => client.reports({ to: '2026-02-31' }), /date/i],
  ['reports', 'zero days', () => client.reports({ last: 0 }), /last/],
  ['dmca', 'page 0', () => client.dmca({ page: 0, perPage: 10 }), /page/],
  ['remoteAdd', 'a file: address', () => client.remoteAdd({ url: 'file:///etc/passwd' }), /http/],
  ['remoteAdd', 'an address longer than 2048', () => client.remoteAdd({ url: `https://example.com/${'a'.repeat(2100)}` }), /url/],
  ['copy', 'a short id', () => client.copy({ id: 'short' }), /id/],
  ['remoteStatus', 'an id with a slash', () => client.remoteStatus({ id: 'abc/efghijkl' }), /id/],
  ['remoteList', 'a fractional page size', () => client.remoteList({ page: 1, perPage: 2.5 }), /perPage/],
  ['remoteAction', 'an unknown action', () => client.remoteAction({ action: 'explode' as RemoteActionName }), /action/],
  ['remoteAction', 'delete without an id', () => client.remoteAction({ action: 'delete' }), /id/],
  ['folderCreate', 'a blank name', () => client.folderCreate({ name: '   ' }), /name/],
  ['folderCreate', 'a NUL in the name', () => client.folderCreate({ name: 'a\0b' }), /name/],
  ['folderRename', 'an id beyond 32 bits', () => client.folderRename({ id: 2 ** 40, name: 'x' }), /id/],
  ['folders', 'a negative parent', () => client.folders({ parent: -1 }), /parent/],
  ['videos', 'a search longer than 200', () => client.videos({ folder: 0, page: 1, perPage: 50, search: 'x'.repeat(201) }), /search/],
  ['videos', 'a NUL in the search', () => client.videos({ folder: 0, page: 1, perPage: 50, search: 'a\0' }), /search/],
  ['videoInfo', 'an id of 13 characters', () => client.videoInfo({ id: `${ID}m` }), /id/],
  ['skipIntro', 'more than a day', () => client.skipIntro({ id: ID, seconds: 86_401 }), /seconds/],
  ['thumbnailUpload', 'a bad id (the file is never read)', () => client.thumbnailUpload({ id: 'x', file: FILE }), /id/],
  ['thumbnailUpload', 'an empty path', () => client.thumbnailUpload({ id: ID, file: { ...FILE, path: '' } }), /path/],
  ['thumbnailDelete', 'a bad id', () => client.thumbnailDelete({ id: '' }), /id/],
  ['subtitleFile', 'a language with a dash', () => client.subtitleFile({ id: ID, language: 'pt-BR', file: FILE }), /language/],
  ['subtitleUrl', 'a language code of 40 letters', () => client.subtitleUrl({ id: ID, language: 'x'.repeat(40), url: 'https://example.com/a.vtt' }), /language/],
  ['subtitleUrl', 'a javascript: address', () => client.subtitleUrl({ id: ID, language: 'en', url: 'javascript:alert(1)' }), /url/],
];

describe('ServiceClient input checks', () => {
  it.each(BAD)('%s refuses %s, and nothing is sent', async (operation, _what, call, names) => {
    const error = await call().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'validation', kind: 'local', operation });
    expect((error as Error).message).toMatch(names);
    expect(requests).toBe(0);
    expect(connectivity.reports).toEqual([]);
  });

  it('sends a good input (the server is reached; its 500 is another matter)', async () => {
    const error = await client.folders({ parent: 0 }).catch((e: unknown) => e);
    // An empty 500 reads as a gateway failure: the request left, which is the point here.
    expect(error).toMatchObject({ kind: 'gateway', operation: 'folders' });
    expect(requests).toBeGreaterThan(0);
    expect(connectivity.reports).toEqual([{ reached: true }]);
  });
});
