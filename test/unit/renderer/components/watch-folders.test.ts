// Settings → Watch folders in Chromium against a stand-in bridge: adding a folder through the
// folder dialog saves it with the defaults, live states from the core are shown, and a change
// saves the whole list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { flushSync, mount, unmount } from 'svelte';
import WatchFolders from '../../../../renderer/src/components/watch/WatchFolders.svelte';
import { DEFAULT_SETTLE_SECONDS, DEFAULT_WATCH_EXCLUDE, type WatchFolder } from '../../../../shared/watch.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';

let stub: StubBridge;
let target: HTMLElement;
let component: ReturnType<typeof mount> | null = null;
let saved: WatchFolder[][] = [];

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

function render(folders: WatchFolder[]): void {
  component = mount(WatchFolders, {
    target,
    props: {
      folders,
      save: async (next: WatchFolder[]) => {
        saved.push(next);
      },
    },
  });
}

beforeEach(() => {
  saved = [];
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('watch:status', () => ({ folders: [] }));
  stub.handle('folders:list', () => ({ folders: [{ id: 7, name: 'Recordings', code: 'abc', parent: 0, isPublic: false, openEmbed: true }], freshness: { fetchedAt: null, stale: false } }));
  target = document.createElement('div');
  document.body.append(target);
});

afterEach(() => {
  if (component) unmount(component);
  component = null;
  target.remove();
});

const entry = (extra: Partial<WatchFolder> = {}): WatchFolder => ({
  id: 'w1',
  path: '/home/me/Videos/OBS',
  folderId: 7,
  enabled: true,
  includeSubfolders: true,
  include: ['**/*.mp4'],
  exclude: [...DEFAULT_WATCH_EXCLUDE],
  settleSeconds: 10,
  moveUploaded: false,
  ...extra,
});

describe('WatchFolders', () => {
  it('adds a folder picked in the folder dialog with the defaults', async () => {
    stub.handle('dialog:openFolder', () => ({ paths: ['/media/usb/clips'] }));
    render([]);
    await settle();
    expect(target.textContent).toContain('No folders watched yet.');
    target.querySelector<HTMLButtonElement>('section > button')!.click();
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toHaveLength(1);
    expect(saved[0]![0]).toMatchObject({ path: '/media/usb/clips', folderId: 0, enabled: true, includeSubfolders: true, settleSeconds: DEFAULT_SETTLE_SECONDS, moveUploaded: false });
    expect(saved[0]![0]!.exclude).toContain('**/*.part');
  });

  it('shows the state the core reports and saves a change to the whole list', async () => {
    render([entry(), entry({ id: 'w2', path: '/mnt/unplugged', folderId: 0 })]);
    await settle();
    stub.emit('watch:changed', {
      folders: [
        { id: 'w1', state: 'watching', lastFile: 'stream-2026-11-22.mp4', message: 'Watching: finished files are uploaded.' },
        { id: 'w2', state: 'missing', lastFile: null, message: 'The folder is not there (an unplugged drive?). Watching resumes when it comes back.' },
      ],
    });
    await settle();
    const items = Array.from(target.querySelectorAll<HTMLElement>('li.watch-item'));
    expect(items[0]!.textContent).toContain('Watching');
    expect(items[0]!.textContent).toContain('Last file: stream-2026-11-22.mp4');
    expect(items[1]!.textContent).toContain('Folder missing');
    expect(items[1]!.textContent).toContain('unplugged drive');
    expect(items[0]!.querySelector('select')!.selectedOptions[0]!.textContent).toBe('Recordings');
    await page.screenshot({ path: '../../../../test-results/screens/watch-settings.png', element: target });

    const off = items[0]!.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    off.click();
    await settle();
    expect(saved.at(-1)?.map((f) => [f.id, f.enabled])).toEqual([['w1', false], ['w2', true]]);
  });
});
