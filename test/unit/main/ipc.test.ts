import { describe, expect, it, vi } from 'vitest';
import type { IpcMain } from 'electron';
import { METHOD_NAMES } from '../../../shared/contract.ts';
import { REFUSED, senderRefusal, serveContract } from '../../../electron/main/ipc.ts';
import { FILES_DROP_CHANNEL, FILES_GRANT_CHANNEL } from '../../../electron/preload/channels.ts';
import { memoryLogger } from './fakes.ts';

// ipc.ts falls back to Electron's ipcMain; every test passes its own stand-in.
vi.mock('electron', () => ({ ipcMain: {} }));

const mainFrame = { url: 'app://vidlift/index.html', parent: null, processId: 4, routingId: 1 };
const policy = { origin: 'app://vidlift', mainFrame: () => mainFrame };

function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  const ipc = {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
    on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => listeners.set(channel, listener),
    removeListener: (channel: string) => listeners.delete(channel),
  };
  return { ipc: ipc as unknown as IpcMain, handlers, listeners };
}

describe('senderRefusal', () => {
  it('accepts the main frame of our window on our origin', () => {
    expect(senderRefusal({ senderFrame: { ...mainFrame, url: 'app://vidlift/#/uploads' } }, policy)).toBeNull();
  });

  it('refuses a foreign origin, even in the right frame', () => {
    expect(senderRefusal({ senderFrame: { ...mainFrame, url: 'https://evil.example/' } }, policy)).toBe('foreign origin');
    expect(senderRefusal({ senderFrame: { ...mainFrame, url: 'app://vidlift.evil/index.html' } }, policy)).toBe('foreign origin');
    expect(senderRefusal({ senderFrame: { ...mainFrame, url: 'file:///index.html' } }, policy)).toBe('foreign origin');
  });

  it('refuses a missing frame (destroyed or navigated away)', () => {
    expect(senderRefusal({ senderFrame: null }, policy)).toBe('no sender frame');
    expect(senderRefusal({ senderFrame: undefined }, policy)).toBe('no sender frame');
  });

  it('refuses a subframe, even one on our origin', () => {
    const subframe = { url: 'app://vidlift/index.html', parent: mainFrame, processId: 4, routingId: 7 };
    expect(senderRefusal({ senderFrame: subframe as never }, policy)).toBe('sent from a subframe');
  });

  it('refuses the main frame of another window, and everything while there is no window', () => {
    expect(senderRefusal({ senderFrame: { ...mainFrame, processId: 9 } }, policy)).toBe('not the main frame of the window');
    expect(senderRefusal({ senderFrame: mainFrame }, { ...policy, mainFrame: () => null })).toBe('not the main frame of the window');
  });
});

describe('serveContract', () => {
  it('registers exactly one handler per contract method, and the drop', () => {
    const { ipc, handlers } = fakeIpcMain();
    const dispose = serveContract({ ipcMain: ipc, dispatch: vi.fn(), policy, logger: memoryLogger(), grantPath: vi.fn() });
    expect([...handlers.keys()].sort()).toEqual([...METHOD_NAMES, FILES_DROP_CHANNEL].sort());
    dispose();
    expect(handlers.size).toBe(0);
  });

  it('dispatches trusted calls and answers refused ones with an envelope error, logging no payload', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const logger = memoryLogger();
    const dispatch = vi.fn(async () => ({ ok: true as const, data: { hasKey: false } }));
    serveContract({ ipcMain: ipc, dispatch, policy, logger, grantPath: vi.fn() });
    const handler = handlers.get('accounts:add');
    const input = { baseUrl: 'https://video.example', key: 'SECRET-KEY-123456' };

    expect(await handler?.({ senderFrame: mainFrame }, input)).toEqual({ ok: true, data: { hasKey: false } });
    expect(dispatch).toHaveBeenCalledWith('accounts:add', input, undefined);

    for (const senderFrame of [null, { ...mainFrame, url: 'https://evil.example/' }, { ...mainFrame, parent: mainFrame }]) {
      expect(await handler?.({ senderFrame }, input)).toEqual(REFUSED);
    }
    expect(dispatch).toHaveBeenCalledTimes(1);
    // The account an account-scoped call names goes to the dispatcher, which checks it.
    await handlers.get('folders:list')?.({ senderFrame: mainFrame }, undefined, 'the-shown-account-01');
    expect(dispatch).toHaveBeenLastCalledWith('folders:list', undefined, 'the-shown-account-01');
    expect(logger.lines.filter((line) => line.message === 'IPC call refused')).toHaveLength(3);
    expect(JSON.stringify(logger.lines)).not.toContain('SECRET-KEY');
  });

  it('grants dropped paths only from our window', () => {
    const { ipc, listeners } = fakeIpcMain();
    const grantPath = vi.fn();
    serveContract({ ipcMain: ipc, dispatch: vi.fn(), policy, logger: memoryLogger(), grantPath });
    const grant = listeners.get(FILES_GRANT_CHANNEL);
    grant?.({ senderFrame: mainFrame }, '/home/me/video.mp4');
    grant?.({ senderFrame: { ...mainFrame, url: 'https://evil.example/' } }, '/home/me/.ssh/id_rsa');
    grant?.({ senderFrame: null }, '/etc/passwd');
    grant?.({ senderFrame: mainFrame }, 42);
    grant?.({ senderFrame: mainFrame }, '');
    expect(grantPath.mock.calls).toEqual([['/home/me/video.mp4']]);
  });

  it('a drop from our window grants its paths and queues them in one step; from elsewhere it grants nothing', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const logger = memoryLogger();
    const grantPath = vi.fn();
    const dispatch = vi.fn(async () => ({ ok: true as const, data: { added: [1], skipped: [] } }));
    serveContract({ ipcMain: ipc, dispatch, policy, logger, grantPath });
    const drop = handlers.get(FILES_DROP_CHANNEL);
    const message = { paths: ['/home/me/video.mp4'], folderId: 3 };
    expect(await drop?.({ senderFrame: mainFrame }, message, 'the-shown-account-01')).toEqual({ ok: true, data: { added: [1], skipped: [] } });
    expect(grantPath.mock.calls).toEqual([['/home/me/video.mp4']]);
    // Into the account the drop names, as any account call.
    expect(dispatch.mock.calls).toEqual([['uploads:add', message, 'the-shown-account-01']]);

    for (const senderFrame of [null, { ...mainFrame, url: 'https://evil.example/' }, { ...mainFrame, parent: mainFrame }]) {
      expect(await drop?.({ senderFrame }, { paths: ['/home/me/.ssh/id_rsa'], folderId: 0 })).toEqual(REFUSED);
    }
    expect(grantPath).toHaveBeenCalledTimes(1);
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(logger.lines.filter((line) => line.message === 'Drop refused')).toHaveLength(3);
    expect(JSON.stringify(logger.lines)).not.toContain('id_rsa');
  });

  it('a path the core refuses to grant is logged, not thrown into Electron', () => {
    const { ipc, listeners } = fakeIpcMain();
    const logger = memoryLogger();
    serveContract({
      ipcMain: ipc,
      dispatch: vi.fn(),
      policy,
      logger,
      grantPath: () => {
        throw new Error('relative');
      },
    });
    expect(() => listeners.get(FILES_GRANT_CHANNEL)?.({ senderFrame: mainFrame }, 'relative/path')).not.toThrow();
    expect(logger.lines.at(-1)?.message).toBe('A dropped path could not be granted');
  });
});
