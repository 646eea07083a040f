import { describe, expect, it, vi } from 'vitest';
import { OpenedFilesInbox, pathsFromArgv, pathsFromHandoff, queueOpenedFiles } from '../../../electron/main/single-instance.ts';

const exists = (path: string) => !path.includes('missing');

describe('paths a launch was given', () => {
  it('keeps file arguments, resolved against the launch folder, skipping switches and the app folder', () => {
    const argv = ['/opt/Vidlift/vidlift', '--no-sandbox', 'clips/a.mp4', '/videos/b.mkv', '--original-process-start-time=1', '/videos/missing.mov'];
    expect(pathsFromArgv(argv, { packaged: true, cwd: '/home/me', exists })).toEqual(['/home/me/clips/a.mp4', '/videos/b.mkv']);
    expect(pathsFromArgv(['/usr/bin/electron', '.', '/videos/b.mkv'], { packaged: false, cwd: '/src', exists })).toEqual(['/videos/b.mkv']);
  });

  it('reads a second instance\'s handoff defensively', () => {
    expect(pathsFromHandoff({ paths: ['/videos/a.mp4', 'relative.mp4', 42, '/x\0y', ''] })).toEqual(['/videos/a.mp4']);
    expect(pathsFromHandoff({ paths: 'nope' })).toBeNull();
    expect(pathsFromHandoff(null)).toBeNull();
    expect(pathsFromHandoff(undefined)).toBeNull();
  });
});

describe('queueOpenedFiles', () => {
  it('grants the paths, adds them to the root folder and shows the uploads', async () => {
    const order: string[] = [];
    const grantPath = vi.fn((path: string) => order.push(`grant ${path}`));
    const addUploads = vi.fn(async (paths: string[]) => {
      order.push(`add ${paths.join(',')}`);
      return { ok: true };
    });
    const showUploads = vi.fn(() => order.push('show'));
    await queueOpenedFiles(['/v/a.mp4', '/v/b.mp4'], { grantPath, addUploads, showUploads, onError: vi.fn() });
    expect(order).toEqual(['grant /v/a.mp4', 'grant /v/b.mp4', 'add /v/a.mp4,/v/b.mp4', 'show']);
  });

  it('skips what cannot be granted and reports a refused add', async () => {
    const onError = vi.fn();
    const addUploads = vi.fn(async () => ({ ok: false }));
    await queueOpenedFiles(['/bad', '/v/a.mp4'], {
      grantPath: (path) => {
        if (path === '/bad') throw new Error('no');
      },
      addUploads,
      showUploads: vi.fn(),
      onError,
    });
    expect(addUploads).toHaveBeenCalledWith(['/v/a.mp4']);
    expect(onError).toHaveBeenCalledTimes(2);
  });
});

describe('OpenedFilesInbox', () => {
  it('holds files until the core is ready, then passes every batch on', () => {
    const inbox = new OpenedFilesInbox();
    inbox.add(['/a']);
    inbox.add([]);
    inbox.add(['/b']);
    const batches: string[][] = [];
    inbox.deliverTo((paths) => batches.push(paths));
    inbox.add(['/c']);
    expect(batches).toEqual([['/a', '/b'], ['/c']]);
  });
});
