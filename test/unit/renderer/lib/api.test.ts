import { describe, expect, it } from 'vitest';
import { ApiClient, toAppError, unwrap } from '../../../../renderer/src/lib/api.ts';
import { AppError } from '../../../../shared/errors.ts';
import type { WindowApi } from '../../../../shared/contract.ts';
import { accountsViewOf, stubBridge } from '../bridge-stub.ts';

describe('ApiClient', () => {
  it('unwraps the data of a successful envelope', async () => {
    const stub = stubBridge();
    stub.handle('connection:get', () => ({ state: 'online', since: 1, reason: null, nextAttemptAt: null }));
    await expect(stub.client.call('connection:get')).resolves.toMatchObject({ state: 'online' });
  });

  it('throws an AppError carrying the code of a failed envelope', async () => {
    const stub = stubBridge();
    stub.fail('accounts:add', { code: 'unauthorized', message: 'The key was refused.', retryable: false });
    const error = await stub.client.call('accounts:add', { baseUrl: 'https://x.test', key: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unauthorized');
    expect((error as AppError).retryable).toBe(false);
    expect(stub.calls).toEqual([{ method: 'accounts:add', input: { baseUrl: 'https://x.test', key: 'k' } }]);
  });

  it('turns a broken bridge into an internal error', async () => {
    const broken = new ApiClient(() => ({ 'app:info': () => Promise.reject(new Error('socket closed')) }) as unknown as WindowApi);
    await expect(broken.call('app:info')).rejects.toMatchObject({ code: 'internal' });
    const missing = new ApiClient(() => undefined);
    await expect(missing.call('app:info')).rejects.toMatchObject({ code: 'internal' });
    expect(missing.on('accounts:changed', () => {})).toBeTypeOf('function');
  });

  it('names the shown account on account-scoped calls, none on app calls, and learns the shown account from the core', async () => {
    const stub = stubBridge();
    const accounts = (activeId: string | null) => ({ ...accountsViewOf(null), activeId });
    stub.handle('folders:list', () => ({ folders: [], fetchedAt: 1, stale: false }));
    stub.handle('accounts:list', () => accounts('work-account-id-0001'));
    stub.handle('settings:get', () => ({}));
    // Before the core said which account is shown: none.
    await stub.client.call('folders:list').catch(() => undefined);
    await stub.client.call('accounts:list');
    expect(stub.client.shownAccount).toBe('work-account-id-0001');
    await stub.client.call('folders:list').catch(() => undefined);
    await stub.client.call('settings:get').catch(() => undefined);
    // Another account shown (the switcher, another window's choice): the next call names it.
    stub.emit('accounts:changed', accounts('home-account-id-0002'));
    await stub.client.call('folders:list').catch(() => undefined);
    expect(stub.accountsNamed).toEqual([
      { method: 'folders:list', accountId: null },
      { method: 'accounts:list', accountId: undefined },
      { method: 'folders:list', accountId: 'work-account-id-0001' },
      { method: 'settings:get', accountId: undefined },
      { method: 'folders:list', accountId: 'home-account-id-0002' },
    ]);
  });

  it('hands listeners the account-scoped events of the shown account only; onAnyAccount hears every account', async () => {
    const stub = stubBridge();
    stub.handle('accounts:list', () => ({ accounts: [], activeId: 'work-account-id-0001' }));
    await stub.client.call('accounts:list');
    const shown: unknown[] = [];
    const all: Array<[unknown, string | null]> = [];
    const settings: unknown[] = [];
    stub.client.on('outbox:changed', (view) => shown.push(view));
    stub.client.onAnyAccount('outbox:changed', (view, accountId) => all.push([view, accountId]));
    stub.client.on('app:showShortcuts', (payload) => settings.push(payload));
    const view = (n: number) => ({ items: [], pending: n, blocked: 0 }) as never;
    stub.emit('outbox:changed', view(1), 'work-account-id-0001');
    stub.emit('outbox:changed', view(2), 'home-account-id-0002');
    // The app's own events have no account and always arrive.
    stub.emit('app:showShortcuts', {});
    expect(shown).toEqual([view(1)]);
    expect(all).toEqual([
      [view(1), 'work-account-id-0001'],
      [view(2), 'home-account-id-0002'],
    ]);
    expect(settings).toEqual([{}]);
  });

  it('refuses answers that are not envelopes', () => {
    expect(() => unwrap({ hello: 1 })).toThrow(AppError);
  });

  it('toAppError keeps AppErrors and wraps the rest', () => {
    const original = new AppError('offline', 'x');
    expect(toAppError(original)).toBe(original);
    expect(toAppError(new Error('boom'))).toMatchObject({ code: 'internal', message: 'boom' });
  });
});
