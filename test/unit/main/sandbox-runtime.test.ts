import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { sandboxStarter, type SandboxStarter } from '../../../electron/main/sandbox.ts';
import { guardSandboxRuntime, NO_TYPE_STRIPPING_MESSAGE } from '../../../electron/main/sandbox-runtime.ts';

const root = resolve(import.meta.dirname, '../../..');

describe('guardSandboxRuntime', () => {
  it('on this Node (which strips types) starts the real sandbox host through the guard', async () => {
    expect(process.features.typescript).toBe('strip');
    const sandbox = guardSandboxRuntime(sandboxStarter(root));
    try {
      const started = await sandbox.start();
      const answer = await fetch(`${started.baseUrl}/v1/account`, { headers: { 'X-Api-Key': started.apiKey } });
      expect(answer.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('without type stripping refuses at once with the way round, and never loads the host', async () => {
    let loads = 0;
    const inner = sandboxStarter(root, async () => {
      loads++;
      throw new Error('ERR_UNKNOWN_FILE_EXTENSION');
    });
    const sandbox = guardSandboxRuntime(inner, false);
    await expect(sandbox.start()).rejects.toMatchObject({ code: 'unavailable', message: NO_TYPE_STRIPPING_MESSAGE, retryable: false });
    expect(NO_TYPE_STRIPPING_MESSAGE).toContain('npm run sandbox');
    expect(loads).toBe(0);
    await sandbox.close();
  });

  it('passes the starter through untouched when types are stripped or transformed', () => {
    const inner: SandboxStarter = { start: () => Promise.reject(new Error('unused')), close: () => Promise.resolve() };
    expect(guardSandboxRuntime(inner, 'strip')).toBe(inner);
    expect(guardSandboxRuntime(inner, 'transform')).toBe(inner);
  });
});
