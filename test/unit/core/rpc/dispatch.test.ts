import { describe, expect, it, vi } from 'vitest';
import { createDispatcher as createTableDispatcher, type DispatchOptions, type Handlers } from '../../../../electron/core/rpc/dispatch.ts';
import { METHOD_NAMES } from '../../../../shared/contract-names.ts';
import { AppError } from '../../../../shared/errors.ts';
import { settingsWith } from '../../../support/settings.ts';

/** A table where every handler fails loudly: each test overrides the one it uses. */
function handlersWith(overrides: Partial<Handlers>): Handlers {
  const table = Object.fromEntries(
    METHOD_NAMES.map((name) => [name, () => Promise.reject(new Error(`${name} was not expected to run`))]),
  ) as unknown as Handlers;
  return { ...table, ...overrides };
}

const ACCOUNT = 'test-account-id-0001';

/** One table for the app and for the test's account; any other account is unknown. */
function createDispatcher(table: Handlers, options?: DispatchOptions) {
  return createTableDispatcher(table, (accountId) => {
    if (accountId !== ACCOUNT) throw new AppError('not_found', 'That account is not in Vidlift (any more).', { retryable: false });
    return table;
  }, options);
}

const settings = settingsWith();

describe('createDispatcher', () => {
  it('answers a valid call with the ok envelope', async () => {
    const dispatch = createDispatcher(handlersWith({ 'settings:get': () => settings }));
    await expect(dispatch('settings:get', undefined)).resolves.toEqual({ ok: true, data: settings });
  });

  it('answers a payload that fails its schema with a validation envelope, without running the handler', async () => {
    const handler = vi.fn();
    const dispatch = createDispatcher(handlersWith({ 'folders:create': handler }));
    const result = await dispatch('folders:create', { name: 42 }, ACCOUNT);
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', retryable: false } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses unknown methods, including inherited property names', async () => {
    const dispatch = createDispatcher(handlersWith({}));
    for (const name of ['nope:nope', '__proto__', 'constructor', 42, null]) {
      await expect(dispatch(name, undefined)).resolves.toMatchObject({ ok: false, error: { code: 'validation' } });
    }
  });

  it('keeps the code and message of an AppError', async () => {
    const dispatch = createDispatcher(
      handlersWith({ 'account:get': () => Promise.reject(new AppError('unauthorized', 'The service refused the key.')) }),
    );
    await expect(dispatch('account:get', undefined, ACCOUNT)).resolves.toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'The service refused the key.', said: { code: 'as_written', params: { text: 'The service refused the key.' } }, retryable: false },
    });
  });

  it('turns an unexpected error into `internal` without its message, and reports it', async () => {
    const onInternalError = vi.fn();
    const dispatch = createDispatcher(handlersWith({ 'settings:get': () => Promise.reject(new Error('secret detail /home/x')) }), {
      onInternalError,
    });
    const result = await dispatch('settings:get', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret detail');
    expect(onInternalError).toHaveBeenCalledOnce();
  });

  it('routes an account-scoped call to the account it names, and refuses one that names none or an unknown one', async () => {
    const view = { account: null, freshness: { fetchedAt: 1, stale: false } };
    const handler = vi.fn(() => view);
    const dispatch = createDispatcher(handlersWith({ 'account:get': handler }));
    await expect(dispatch('account:get', undefined, ACCOUNT)).resolves.toMatchObject({ ok: true });
    // No account named: the request is malformed.
    await expect(dispatch('account:get', undefined)).resolves.toMatchObject({ ok: false, error: { code: 'validation' } });
    await expect(dispatch('account:get', undefined, 42)).resolves.toMatchObject({ ok: false, error: { code: 'validation' } });
    // Named but unknown: the route's AppError, as the envelope.
    await expect(dispatch('account:get', undefined, 'someone-else-id-0002')).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(handler).toHaveBeenCalledOnce();
    // An app call names no account.
    await expect(dispatch('settings:get', undefined, ACCOUNT)).resolves.toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('refuses a handler result outside the output schema as internal', async () => {
    const dispatch = createDispatcher(handlersWith({ 'settings:get': () => ({ ...settings, uploadConcurrency: 99 }) }));
    await expect(dispatch('settings:get', undefined)).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('describeIssues', () => {
  it('says what is wrong in sentences that name the field, not "Invalid request. url: …"', async () => {
    const { describeIssues } = await import('../../../../electron/core/rpc/dispatch.ts');
    const { HttpUrl, ProxySetting } = await import('../../../../shared/model.ts');
    const { z } = await import('zod');
    const url = z.strictObject({ url: HttpUrl }).safeParse({ url: 'ftp://x' });
    expect(url.success || describeIssues(url.error)).toBe('The address must be an http or https address.');
    const proxy = z.strictObject({ proxy: ProxySetting }).safeParse({ proxy: { mode: 'manual', scheme: 'http', host: 'http://proxy:8080', port: 0, username: null } });
    expect(proxy.success || describeIssues(proxy.error)).toBe(
      'The proxy host must be a host name or an IP address, without http:// or a port. The proxy port must be a port from 1 to 65535.',
    );
    const empty = z.strictObject({ proxy: ProxySetting }).safeParse({ proxy: { mode: 'manual', scheme: 'http', host: ' ', port: 80, username: null } });
    expect(empty.success || describeIssues(empty.error)).toMatch(/^The proxy needs a host name or address\./);
    const wrongType = z.strictObject({ folderId: z.number() }).safeParse({ folderId: 'x' });
    expect(wrongType.success || describeIssues(wrongType.error)).toMatch(/^The folder is not valid \(invalid input: expected number, received string\)\.$/);
  });
});
