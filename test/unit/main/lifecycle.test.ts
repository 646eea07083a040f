// index.ts with a mocked `electron` and a mocked shell: the single-instance lock, the
// handoff of a second launch's files, and macOS open-file.
import { describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import type { OpenedFilesInbox } from '../../../electron/main/single-instance.ts';

const electron = vi.hoisted(() => {
  // Plain records, not vi.fn(): calls made while the module loads must survive mock clearing.
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const calls: { name: string; args: unknown[] }[] = [];
  const record =
    <T>(name: string, result?: T) =>
    (...args: unknown[]): T => {
      calls.push({ name, args });
      return result as T;
    };
  return {
    listeners,
    calls,
    app: {
      isPackaged: true,
      requestSingleInstanceLock: record('requestSingleInstanceLock', true),
      on: (event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener),
      enableSandbox: record('enableSandbox'),
      whenReady: async () => undefined,
      quit: record('quit'),
      exit: record('exit'),
    },
    protocol: { registerSchemesAsPrivileged: record('registerSchemesAsPrivileged') },
  };
});
const started = vi.hoisted(() => ({ inbox: null as OpenedFilesInbox | null, showWindow: vi.fn() }));

vi.mock('electron', () => ({ app: electron.app, protocol: electron.protocol }));
vi.mock('../../../electron/main/start.ts', () => ({
  startShell: async (options: { inbox: OpenedFilesInbox }) => {
    started.inbox = options.inbox;
    return { showWindow: started.showWindow };
  },
}));

const launchFile = import.meta.filename;
const argvBefore = process.argv;
process.argv = ['/opt/Vidlift/vidlift', launchFile, '--flag'];
await import('../../../electron/main/index.ts');
process.argv = argvBefore;
await vi.waitFor(() => expect(started.inbox).not.toBeNull());

describe('app lifecycle', () => {
  it('registers app:// before ready, takes the lock with its launch files, and sandboxes every renderer', () => {
    expect(electron.calls.map((call) => call.name)).toEqual(['registerSchemesAsPrivileged', 'requestSingleInstanceLock', 'enableSandbox']);
    expect(electron.calls[1]?.args).toEqual([{ paths: [launchFile] }]);
  });

  it('queues the files it was launched with, then those a second launch hands over, and shows the window', () => {
    const batches: string[][] = [];
    started.inbox?.deliverTo((paths) => batches.push(paths));
    expect(batches).toEqual([[launchFile]]);

    const secondInstance = electron.listeners.get('second-instance');
    secondInstance?.(new EventEmitter(), ['/opt/Vidlift/vidlift', '/ignored.mp4'], '/home/me', { paths: ['/videos/a.mp4', 'relative.mp4'] });
    expect(batches.at(-1)).toEqual(['/videos/a.mp4']);
    expect(started.showWindow).toHaveBeenCalledTimes(1);

    // Without handoff data (an older build launched second), existing files on argv count.
    secondInstance?.(new EventEmitter(), ['/opt/Vidlift/vidlift', launchFile, '/does/not/exist.mp4'], '/home/me', undefined);
    expect(batches.at(-1)).toEqual([launchFile]);
  });

  it('takes macOS open-file events', () => {
    const batches: string[][] = [];
    started.inbox?.deliverTo((paths) => batches.push(paths));
    const event = { preventDefault: vi.fn() };
    electron.listeners.get('open-file')?.(event, '/videos/dock.mov');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(batches).toEqual([['/videos/dock.mov']]);
  });
});
