import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { followAppLifecycle, type AppLifecycleDeps } from '../../../electron/main/app-lifecycle.ts';

/** An app that records its quits and lets a test emit its lifecycle events. */
function fakeApp() {
  const emitter = new EventEmitter();
  const quits: number[] = [];
  const app = { on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener), quit: () => quits.push(quits.length + 1) };
  const willQuit = (): { prevented: boolean } => {
    const event = { prevented: false, preventDefault: () => (event.prevented = true) };
    emitter.emit('will-quit', event);
    return event;
  };
  return { app: app as unknown as AppLifecycleDeps['app'], emitter, quits, willQuit };
}

function follow(overrides: Partial<AppLifecycleDeps> = {}) {
  const fake = fakeApp();
  const order: string[] = [];
  const deps: AppLifecycleDeps = {
    app: fake.app,
    isMac: false,
    showWindow: vi.fn(),
    onQuitting: vi.fn(),
    dispose: () => order.push('dispose'),
    closeCore: async () => void order.push('core'),
    closeSandbox: async () => void order.push('sandbox'),
    logError: vi.fn(),
    ...overrides,
  };
  followAppLifecycle(deps);
  return { ...fake, deps, order };
}

describe('followAppLifecycle', () => {
  it('holds the quit until the core and then the sandbox are closed, then quits once more and lets it go', async () => {
    const { willQuit, quits, order } = follow();
    expect(willQuit().prevented).toBe(true);
    await vi.waitFor(() => expect(quits).toHaveLength(1));
    expect(order).toEqual(['dispose', 'core', 'sandbox']);
    expect(willQuit().prevented).toBe(false);
  });

  it('a core that never closes cannot keep the app: the bound passes, it is logged, the sandbox closes and the app quits', async () => {
    const { willQuit, quits, order, deps } = follow({ closeCore: () => new Promise<void>(() => undefined), closeTimeoutMs: 10 });
    willQuit();
    await vi.waitFor(() => expect(quits).toHaveLength(1));
    expect(order).toEqual(['dispose', 'sandbox']);
    expect(deps.logError).toHaveBeenCalledWith('The core did not close cleanly', expect.objectContaining({ message: 'closing took longer than 10 ms' }));
  });

  it('quits when the last window closes except on macOS; the dock shows the window; before-quit marks the quit as wanted', () => {
    const other = follow();
    other.emitter.emit('window-all-closed');
    expect(other.quits).toHaveLength(1);
    const mac = follow({ isMac: true });
    mac.emitter.emit('window-all-closed');
    expect(mac.quits).toHaveLength(0);
    mac.emitter.emit('activate');
    expect(mac.deps.showWindow).toHaveBeenCalledTimes(1);
    mac.emitter.emit('before-quit');
    expect(mac.deps.onQuitting).toHaveBeenCalledTimes(1);
  });
});
