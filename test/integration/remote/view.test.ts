// What the person sees: rejected URLs with reasons (nothing sent for them), statuses as
// the service gives them (an unknown one included), and the contract handlers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { methods } from '../../../shared/contract.ts';
import type { ServiceApi } from '../../../electron/core/api/service-api.ts';
import type { ServiceRemoteItem } from '../../../electron/core/api/schemas.ts';
import { createRemoteHandlers } from '../../../electron/core/remote/handlers.ts';
import { MediaServer } from './support/media-server.ts';
import { createStack, type Stack } from './support/setup.ts';

describe('remote imports as the person sees them', () => {
  let media: MediaServer;
  let stack: Stack;

  beforeEach(async () => {
    media = new MediaServer();
    await media.start();
  });
  afterEach(async () => {
    await stack.close();
    await media.close();
  });

  it('rejects ftp:, javascript:, credentials and garbage with a reason each; sends only the rest', async () => {
    stack = await createStack();
    stack.remote.start();
    const handlers = createRemoteHandlers(stack.remote);
    const good = `${media.url}/hold/good.mp4`;
    const result = await handlers['remote:add']({
      urls: ['ftp://files.example/a.mp4', 'javascript:alert(1)', 'definitely not a url', `http://me:secret@127.0.0.1/x.mp4`, good, good],
    });
    const shaped = methods['remote:add'].output.parse(result);
    expect(shaped.accepted).toBe(1);
    expect(shaped.rejected.map((r) => r.url)).toEqual([
      'ftp://files.example/a.mp4',
      'javascript:alert(1)',
      'definitely not a url',
      'http://me:secret@127.0.0.1/x.mp4',
    ]);
    for (const r of shaped.rejected) expect(r.reason).not.toBe('');
    await stack.remote.settle();
    expect(stack.host.control.remoteItems().map((r) => r.url)).toEqual([good]);

    const view = methods['remote:list'].output.parse(await handlers['remote:list'](undefined));
    expect(view.items).toEqual([expect.objectContaining({ url: good, status: expect.stringMatching(/^(pending|downloading)$/), active: true })]);
  });

  it('shows a status the app does not know as it comes, and keeps polling it', async () => {
    // The sandbox's worker only produces the five known statuses: this one test puts a
    // double in front of the real client that renames `downloading`.
    const rename = (item: ServiceRemoteItem): ServiceRemoteItem => (item.status === 'downloading' ? { ...item, status: 'fetching_upstream' } : item);
    stack = await createStack({}, (api: ServiceApi): ServiceApi => {
      const overrides: Partial<ServiceApi> = {
        remoteStatus: async (input, options) => rename(await api.remoteStatus(input, options)),
        remoteList: async (input, options) => {
          const reply = await api.remoteList(input, options);
          return { ...reply, list: reply.list.map(rename) };
        },
      };
      return new Proxy(api, {
        get: (target, key) => {
          const own = overrides[key as keyof ServiceApi];
          if (own) return own;
          const value = Reflect.get(target, key) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    });
    stack.remote.start();
    stack.remote.add([`${media.url}/hold/odd.mp4`]);
    await stack.remote.settle();
    for (let i = 0; i < 100 && stack.remote.list().items[0]?.status !== 'fetching_upstream'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await stack.poll();
    }
    expect(stack.remote.list().items[0]).toMatchObject({ status: 'fetching_upstream', active: true });
    expect(stack.timers.count).toBe(1);
    expect(stack.events.views.at(-1)?.items[0]?.status).toBe('fetching_upstream');
  });
});
