import { describe, expect, it } from 'vitest';
import { methods } from '../../../../shared/contract.ts';
import { createRemoteHandlers } from '../../../../electron/core/remote/handlers.ts';
import type { ActionResult, AddResult } from '../../../../electron/core/remote/remote-imports.ts';
import type { RemoteView } from '../../../../shared/model.ts';
import { said } from '../../../../shared/said.ts';

const view: RemoteView = {
  items: [
    {
      localId: 1,
      remoteId: 'abcdefabcdef',
      url: 'https://a.example/v.mp4',
      folderId: 0,
      status: 'pending',
      active: true,
      bytesDownloaded: 0,
      bytesTotal: 0,
      created: null,
      error: null,
    },
  ],
  slots: { used: 1, total: 100, free: 99 },
  waitingLocally: 0,
};

describe('createRemoteHandlers', () => {
  it('passes each contract method to the service and answers within the contract', async () => {
    const calls: unknown[] = [];
    const handlers = createRemoteHandlers({
      list: () => view,
      add: (urls: readonly string[]): AddResult => {
        calls.push(['add', urls]);
        return { accepted: 1, rejected: [{ url: 'ftp://x', reason: said('remote_url_scheme', { scheme: 'ftp:' }) }] };
      },
      action: async (action, id): Promise<ActionResult> => {
        calls.push(['action', action, id]);
        return { affected: 1, localAffected: 1, queued: false, view };
      },
      discard: async (localId: number): Promise<RemoteView> => {
        calls.push(['discard', localId]);
        return view;
      },
    });
    expect(methods['remote:list'].output.parse(await handlers['remote:list'](undefined))).toEqual(view);
    const added = await handlers['remote:add']({ urls: ['https://a.example/v.mp4', 'ftp://x'] });
    expect(methods['remote:add'].output.parse(added)).toEqual({ accepted: 1, rejected: [{ url: 'ftp://x', reason: said('remote_url_scheme', { scheme: 'ftp:' }) }] });
    const acted = await handlers['remote:action']({ action: 'delete', id: 'abcdefabcdef' });
    expect(methods['remote:action'].output.parse(acted)).toEqual(view);
    const discarded = await handlers['remote:discard']({ localId: 1 });
    expect(methods['remote:discard'].output.parse(discarded)).toEqual(view);
    expect(calls).toEqual([
      ['add', ['https://a.example/v.mp4', 'ftp://x']],
      ['action', 'delete', 'abcdefabcdef'],
      ['discard', 1],
    ]);
  });
});
