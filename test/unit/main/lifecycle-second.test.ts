// A second launch: the lock is held by the first instance, so this one quits at once,
// before building anything.
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);
vi.mock('electron', () => ({
  app: {
    isPackaged: true,
    requestSingleInstanceLock: () => {
      calls.push('lock');
      return false;
    },
    on: (event: string) => calls.push(`on ${event}`),
    enableSandbox: () => calls.push('enableSandbox'),
    whenReady: () => {
      calls.push('whenReady');
      return new Promise(() => undefined);
    },
    quit: () => calls.push('quit'),
  },
  protocol: { registerSchemesAsPrivileged: () => calls.push('register') },
}));
vi.mock('../../../electron/main/start.ts', () => ({ startShell: () => calls.push('startShell') }));

await import('../../../electron/main/index.ts');

describe('a second instance', () => {
  it('quits without starting the shell', () => {
    expect(calls).toEqual(['register', 'lock', 'quit']);
  });
});
