import { beforeEach, describe, expect, it, vi } from 'vitest';
import { events, methods } from '../../../shared/contract.ts';
import { FILES_DROP_CHANNEL, FILES_GRANT_CHANNEL } from '../../../electron/preload/channels.ts';

const CONTRACT_METHODS = Object.keys(methods);

const exposed = vi.hoisted(() => ({ worlds: new Map<string, Record<string, unknown>>() }));
const ipc = vi.hoisted(() => ({
  invoke: vi.fn(async (...args: unknown[]) => ({ ok: true, data: args })),
  on: vi.fn(),
  removeListener: vi.fn(),
  send: vi.fn(),
}));
const webUtils = vi.hoisted(() => ({ getPathForFile: vi.fn((file: { path?: string }) => file.path ?? '') }));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.worlds.set(key, api) },
  ipcRenderer: ipc,
  webUtils,
}));

await import('../../../electron/preload/index.ts');
const api = exposed.worlds.get('api') as Record<string, (...args: unknown[]) => unknown>;

beforeEach(() => {
  ipc.invoke.mockClear();
  ipc.on.mockClear();
  ipc.removeListener.mockClear();
  ipc.send.mockClear();
});

describe('the preload', () => {
  it('exposes exactly the contract: one invoker per method, on, dropFiles and pathForFile', () => {
    expect([...exposed.worlds.keys()]).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual([...CONTRACT_METHODS, 'on', 'dropFiles', 'pathForFile'].sort());
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
  });

  it('each invoker sends its own channel with the input and the account it names', async () => {
    await api['videos:get']?.({ id: 'abcdefghijkl' }, 'the-shown-account-01');
    expect(ipc.invoke).toHaveBeenCalledWith('videos:get', { id: 'abcdefghijkl' }, 'the-shown-account-01');
    await api['uploads:list']?.(undefined, null);
    expect(ipc.invoke).toHaveBeenLastCalledWith('uploads:list', undefined, null);
    await api['settings:get']?.();
    expect(ipc.invoke).toHaveBeenLastCalledWith('settings:get', undefined, undefined);
  });

  it('on() accepts contract events, passes only the payload and its account, and unsubscribes', () => {
    const listener = vi.fn();
    const off = api.on?.('uploads:progress', listener) as () => void;
    const [channel, forward] = ipc.on.mock.calls[0] as [string, (event: unknown, payload: unknown, accountId?: unknown) => void];
    expect(channel).toBe('uploads:progress');
    forward({ sender: 'the ipcRenderer itself' }, { jobs: [] }, 'the-shown-account-01');
    expect(listener).toHaveBeenCalledWith({ jobs: [] }, 'the-shown-account-01');
    expect(listener.mock.calls[0]).toHaveLength(2);
    // Anything but a string is no account.
    forward({ sender: 'the ipcRenderer itself' }, { jobs: [] }, { not: 'an id' });
    expect(listener).toHaveBeenLastCalledWith({ jobs: [] }, null);
    off();
    expect(ipc.removeListener).toHaveBeenCalledWith('uploads:progress', forward);
  });

  it('on() accepts every contract event', () => {
    for (const event of Object.keys(events)) (api.on?.(event, vi.fn()) as () => void)();
    expect(ipc.on).toHaveBeenCalledTimes(Object.keys(events).length);
  });

  it('on() refuses anything that is not a contract event', () => {
    for (const name of ['files:grant', 'files:drop', 'uploads:add', 'ELECTRON_BROWSER_WINDOW', '__proto__', 42]) {
      expect(() => api.on?.(name, vi.fn())).toThrow(/Unknown event/);
    }
    expect(() => api.on?.('uploads:changed', 'not a function')).toThrow();
    expect(ipc.on).not.toHaveBeenCalled();
  });

  it('pathForFile returns the real path and grants it; a file without a path grants nothing', () => {
    expect(api.pathForFile?.({ path: '/home/me/v.mp4' })).toBe('/home/me/v.mp4');
    expect(ipc.send).toHaveBeenCalledWith(FILES_GRANT_CHANNEL, '/home/me/v.mp4');
    expect(api.pathForFile?.({})).toBe('');
    expect(ipc.send).toHaveBeenCalledTimes(1);
  });

  it('dropFiles sends one message with every File’s real path and the options, and answers main’s envelope', async () => {
    const answer = await api.dropFiles?.([{ path: '/home/me/a.mp4' }, { path: '/home/me/b.mp4' }], { folderId: 3 }, 'the-shown-account-01');
    const sent = [FILES_DROP_CHANNEL, { folderId: 3, paths: ['/home/me/a.mp4', '/home/me/b.mp4'] }, 'the-shown-account-01'];
    expect(ipc.invoke.mock.calls).toEqual([sent]);
    expect(answer).toEqual({ ok: true, data: sent });
    expect(ipc.send).not.toHaveBeenCalled();
  });

  it('dropFiles takes paths from the Files only: a path the page names in the options is replaced', async () => {
    await api.dropFiles?.([{ path: '/home/me/a.mp4' }, {}], { folderId: 0, paths: ['/etc/passwd'] }, null);
    // The page-made File goes as '' (main refuses the drop, electron/main/drop.ts).
    expect(ipc.invoke).toHaveBeenCalledWith(FILES_DROP_CHANNEL, { folderId: 0, paths: ['/home/me/a.mp4', ''] }, null);
  });
});
