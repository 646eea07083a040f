// The gate between the window and a core that starts after it (issue 33): app calls are
// answered once the core is there, an account's calls once its accounts are open too, and the
// shell can wait for the calls the window made before the core was there.
import { describe, expect, it } from 'vitest';
import { CoreGate, type GatedCore } from '../../../electron/main/core-gate.ts';
import type { Dispatch } from '../../../electron/core/rpc/dispatch.ts';

const quietLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function core(answered: string[]): GatedCore {
  const dispatch: Dispatch = async (method) => {
    answered.push(String(method));
    return { ok: true, data: String(method) };
  };
  return { dispatch, grantPath: () => undefined, setWindowVisible: () => undefined, logger: quietLogger };
}

/** Lets every settled promise's reactions run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CoreGate', () => {
  it('answers app calls once the core is there and an account’s calls only once the accounts are open', async () => {
    const gate = new CoreGate();
    const answered: string[] = [];
    const appCall = gate.dispatch('accounts:list', undefined);
    const accountCall = gate.dispatch('videos:list', { folderId: 0, offset: 0, limit: 50 }, 'acc');
    await settle();
    expect(answered).toEqual([]);

    gate.open(core(answered));
    await expect(appCall).resolves.toEqual({ ok: true, data: 'accounts:list' });
    await settle();
    // Before its session is open an account's call would get the signed-out answer: it still waits.
    expect(answered).toEqual(['accounts:list']);
    await expect(gate.dispatch('settings:get', undefined)).resolves.toMatchObject({ ok: true });

    gate.accountsOpen();
    await expect(accountCall).resolves.toEqual({ ok: true, data: 'videos:list' });
    expect(answered).toEqual(['accounts:list', 'settings:get', 'videos:list']);
  });

  it('settles answeredWaiting once the app calls made before the core are answered', async () => {
    const gate = new CoreGate();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const answered: string[] = [];
    const dispatch: Dispatch = async (method) => {
      if (method === 'app:info') await slow;
      answered.push(String(method));
      return { ok: true, data: null };
    };
    const first = gate.dispatch('app:info', undefined);
    gate.open({ ...core(answered), dispatch });
    let waited = false;
    const waiting = gate.answeredWaiting().then(() => (waited = true));
    await settle();
    expect(waited).toBe(false);
    release();
    await first;
    await waiting;
    expect(answered).toEqual(['app:info']);
    // Nothing waits once the core is there.
    await expect(gate.answeredWaiting()).resolves.toBeUndefined();
  });

  it('fails every waiting call, app or account, when the core could not start', async () => {
    const gate = new CoreGate();
    const appCall = gate.dispatch('accounts:list', undefined);
    const accountCall = gate.dispatch('folders:list', undefined, 'acc');
    gate.fail(new Error('no data folder'));
    await expect(appCall).rejects.toThrow('no data folder');
    await expect(accountCall).rejects.toThrow('no data folder');
  });

  it('fails an account’s calls when the accounts could not be opened, while app calls go on', async () => {
    const gate = new CoreGate();
    const answered: string[] = [];
    gate.open(core(answered));
    const accountCall = gate.dispatch('folders:list', undefined, 'acc');
    gate.fail(new Error('accounts did not open'));
    await expect(accountCall).rejects.toThrow('accounts did not open');
    await expect(gate.dispatch('app:notices', undefined)).resolves.toMatchObject({ ok: true });
  });
});
