// Settings → Watch folders in Chromium against a stand-in bridge: "Add folder…" asks the core's
// watch:add (the app's folder dialog; the page never names a path, issue 27), live states from
// the core are worded here, and a change saves the whole list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { flushSync, mount } from 'svelte';
import WatchFolders from '../../../../renderer/src/components/watch/WatchFolders.svelte';
import { accounts } from '../../../../renderer/src/lib/state/accounts.svelte.ts';
import { DEFAULT_WATCH_EXCLUDE, type WatchFolder } from '../../../../shared/watch.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { said } from '../../../../shared/said.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;
let saved: WatchFolder[][] = [];

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

beforeEach(() => {
  saved = [];
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('watch:status', () => ({ folders: [] }));
  stub.handle('folders:list', () => ({ folders: [{ id: 7, name: 'Recordings', code: 'abc', parent: 0, isPublic: false, openEmbed: true }], freshness: { fetchedAt: null, stale: false } }));
  stub.handle('videos:list', () => ({ items: [], total: 0, offset: 0, freshness: { fetchedAt: null, stale: false } }));
  // The watch folders are the shown account's: its managers follow it (watch:changed) and read
  // its folders (the library's, which the list offers as targets).
  accounts.show('account-1');
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  accounts.show(null);
});

const place = mountPlace();

function render(folders: WatchFolder[]): void {
  place.component = mount(WatchFolders, {
    target: place.target,
    props: {
      folders,
      save: async (next: WatchFolder[]) => {
        saved.push(next);
      },
    },
  });
}

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
  it('adds a folder through the app’s folder dialog (watch:add), never by naming a path', async () => {
    let asked = 0;
    stub.handle('watch:add', () => {
      asked++;
      return {};
    });
    render([]);
    await settle();
    expect(place.target.textContent).toContain('No folders watched yet.');
    place.target.querySelector<HTMLButtonElement>('section > button')!.click();
    await settle();
    expect(asked).toBe(1);
    expect(stub.calls.find((call) => call.method === 'watch:add')?.input).toBeUndefined();
    expect(stub.calls.some((call) => call.method === 'dialog:openFolder')).toBe(false);
    expect(saved).toEqual([]);
  });

  it('shows why adding failed', async () => {
    stub.fail('watch:add', { code: 'unauthorized', message: 'Add an account first: watch folders belong to an account.', retryable: false });
    render([]);
    await settle();
    place.target.querySelector<HTMLButtonElement>('section > button')!.click();
    await settle();
    expect(place.target.querySelector('[role=alert]')?.textContent).toBeTruthy();
  });

  it('shows the state the core reports and saves a change to the whole list', async () => {
    render([entry(), entry({ id: 'w2', path: '/mnt/unplugged', folderId: 0 }), entry({ id: 'w3', path: '/home/me/Shared', folderId: 0 })]);
    await settle();
    stub.emit('watch:changed', {
      folders: [
        { id: 'w1', state: 'watching', lastFile: 'stream-2026-11-22.mp4', scanning: true, problem: said('watch_limit_scanning', { seconds: 10, detail: 'ENOSPC' }) },
        { id: 'w2', state: 'missing', lastFile: null, scanning: false, problem: null },
        { id: 'w3', state: 'linked', lastFile: null, scanning: false, problem: null },
      ],
    });
    await settle();
    const items = Array.from(place.target.querySelectorAll<HTMLElement>('li.watch-item'));
    expect(items[0]!.textContent).toContain('Watching');
    expect(items[0]!.textContent).toContain('Last file: stream-2026-11-22.mp4');
    // The watch's own failure, worded here from its code.
    expect(items[0]!.querySelector('.problem')?.textContent).toBe(sayInEnglish(said('watch_limit_scanning', { seconds: 10, detail: 'ENOSPC' })));
    expect(items[1]!.textContent).toContain('Folder missing');
    expect(items[1]!.textContent).toContain('unplugged drive');
    expect(items[2]!.textContent).toContain('Replaced by a link');
    expect(items[2]!.textContent).toContain('replaced by a link to another place, so nothing there is uploaded');
    expect(items[0]!.querySelector('select')!.selectedOptions[0]!.textContent).toBe('Recordings');
    await page.screenshot({ path: '../../../../test-results/screens/watch-settings.png', element: place.target });

    const off = items[0]!.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    off.click();
    await settle();
    expect(saved.at(-1)?.map((f) => [f.id, f.enabled])).toEqual([['w1', false], ['w2', true], ['w3', true]]);
  });
});
