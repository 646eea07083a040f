import { describe, expect, it } from 'vitest';
import { ApiClient, toAppError, unwrap } from '../../../../renderer/src/lib/api.ts';
import { AppError } from '../../../../shared/errors.ts';
import type { WindowApi } from '../../../../shared/contract.ts';
import { stubBridge } from '../bridge-stub.ts';

describe('ApiClient', () => {
  it('unwraps the data of a successful envelope', async () => {
    const stub = stubBridge();
    stub.handle('connection:get', () => ({ state: 'online', since: 1, reason: null, nextAttemptAt: null }));
    await expect(stub.client.call('connection:get')).resolves.toMatchObject({ state: 'online' });
  });

  it('throws an AppError carrying the code of a failed envelope', async () => {
    const stub = stubBridge();
    stub.fail('auth:setKey', { code: 'unauthorized', message: 'The key was refused.', retryable: false });
    const error = await stub.client.call('auth:setKey', { baseUrl: 'https://x.test', key: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unauthorized');
    expect((error as AppError).retryable).toBe(false);
    expect(stub.calls).toEqual([{ method: 'auth:setKey', input: { baseUrl: 'https://x.test', key: 'k' } }]);
  });

  it('turns a broken bridge into an internal error', async () => {
    const broken = new ApiClient(() => ({ 'app:info': () => Promise.reject(new Error('socket closed')) }) as unknown as WindowApi);
    await expect(broken.call('app:info')).rejects.toMatchObject({ code: 'internal' });
    const missing = new ApiClient(() => undefined);
    await expect(missing.call('app:info')).rejects.toMatchObject({ code: 'internal' });
    expect(missing.on('auth:changed', () => {})).toBeTypeOf('function');
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
