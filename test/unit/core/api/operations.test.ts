// The operation table is the client: a row is an operation, with nothing else to touch.
// Shown with operation 18 (the deprecated search, which the app never calls and which main
// code does not have): one row added here, in the test, gives a client with a typed method
// that sends the row's request to the sandbox host over loopback and parses the row's reply.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { clientFor, ServiceClient } from '../../../../electron/core/api/client.ts';
import { meaning, ServiceError } from '../../../../electron/core/api/errors.ts';
import { nodeTransport, type HttpRequest, type Transport } from '../../../../electron/core/api/http.ts';
import { OPERATIONS, row, takesInput } from '../../../../electron/core/api/operations.ts';
import * as s from '../../../../electron/core/api/schemas.ts';
import type { RequestOptions, ServiceApi } from '../../../../electron/core/api/service-api.ts';
import { startHost, type Host } from '../../../host/index.ts';

/** Operation 18, as one row. Its reply is the sandbox's (wire-decisions.md: `{pagination, list: [Video]}`). */
const search = row({
  number: 18,
  method: 'GET',
  path: '/v1/videos/search',
  input: z.object({ search: z.string().min(1).max(200), page: z.number().int().min(1), perPage: z.number().int().min(1) }),
  query: ({ search, page, perPage }) => ({ search, page, perPage }),
  idempotent: true,
  reply: z.object({ pagination: s.pagination, list: z.array(s.video) }),
  meaning: meaning('The search and pages were checked locally: a failure is on the service side.', () => 'server'),
});

const WithSearch = clientFor({ ...OPERATIONS, search });

let host: Host;
const sent: HttpRequest[] = [];
/** The real transport, with each request it sends kept for the test to read. */
const recording: Transport = (request) => {
  sent.push(request);
  return nodeTransport(request);
};

beforeAll(async () => {
  host = await startHost({ seed: 'demo', remoteWorker: { enabled: false } });
});

afterAll(async () => {
  await host?.close();
});

describe('a row of the operation table', () => {
  it('gives the derived client a method typed by its schemas', () => {
    const client = new WithSearch({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k'.repeat(16) });
    expectTypeOf(client.search).parameters.toEqualTypeOf<[input: { search: string; page: number; perPage: number }, options?: RequestOptions]>();
    expectTypeOf(client.search).returns.resolves.toEqualTypeOf<z.output<typeof search.reply>>();
    // The rows of the service keep their methods and types next to it.
    expectTypeOf(client.videoInfo).toEqualTypeOf<ServiceApi['videoInfo']>();
    expectTypeOf(client.account).parameters.toEqualTypeOf<[options?: RequestOptions]>();
    // The app's client has no operation 18: the row lives only in this test.
    expectTypeOf<ServiceClient>().not.toHaveProperty('search');
    expect('search' in new ServiceClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k'.repeat(16) })).toBe(false);
    expect(typeof client.search).toBe('function');
    expect(takesInput(search)).toBe(true);
  });

  it('sends the row\'s request to the service over loopback and answers its parsed reply', async () => {
    const client = new WithSearch({ baseUrl: host.baseUrl, apiKey: host.apiKey, transport: recording, deadlineMs: 10_000 });
    const everything = await client.videos({ folder: 0, page: 1, perPage: 1000 });
    const name = everything.list[0]?.name;
    expect(name).toBeDefined();
    const needle = name!.slice(0, 4);
    sent.length = 0;

    const found = await client.search({ search: needle, page: 1, perPage: 5 });

    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe('/v1/videos/search');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ search: needle, page: '1', perPage: '5' });
    expect(request.headers['X-Api-Key']).toBe(host.apiKey);
    expect(request.body).toBeUndefined();
    expect(found.pagination).toMatchObject({ page: 1, perPage: 5 });
    expect(found.list.length).toBeGreaterThan(0);
    for (const video of found.list) expect(video.name.toLowerCase()).toContain(needle.toLowerCase());
  });

  it('checks an input once, against its row', async () => {
    let checks = 0;
    const counted = { ...search, input: search.input.superRefine(() => void checks++) };
    const Counting = clientFor({ ...OPERATIONS, search: counted });
    const client = new Counting({ baseUrl: host.baseUrl, apiKey: host.apiKey, transport: recording, deadlineMs: 10_000 });
    await client.search({ search: 'a', page: 1, perPage: 1 });
    expect(checks).toBe(1);
  });

  it('checks its input against the row before anything is sent', async () => {
    const client = new WithSearch({ baseUrl: host.baseUrl, apiKey: host.apiKey, transport: recording });
    sent.length = 0;
    const error = await client.search({ search: '', page: 0, perPage: 5 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'validation', kind: 'local', operation: 'search' });
    expect(sent).toEqual([]);
  });
});
