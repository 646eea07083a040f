// Issue 17 item 3 in Chromium against a stand-in bridge: when the core says the service refuses
// the stored key, the status bar and the Account page say so and lead to Settings.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import StatusBar from '../../../../renderer/src/components/shell/StatusBar.svelte';
import Account from '../../../../renderer/src/views/Account.svelte';
import { session } from '../../../../renderer/src/lib/state/session.svelte.ts';
import { status } from '../../../../renderer/src/lib/state/status.svelte.ts';
import { account } from '../../../../renderer/src/lib/state/account.svelte.ts';
import { accountsViewOf, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

const place = mountPlace();
let stub: StubBridge;
// showWith mounts two components, more than place.component holds: the afterEach below
// unmounts them, before mountPlace removes the element.
let components: Array<ReturnType<typeof mount>> = [];
const never = { fetchedAt: null, stale: true };

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

beforeEach(async () => {
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('app:info', () => ({ name: 'Vidlift', version: '1', platform: 'linux', packaged: false, sandboxAvailable: true }));
  stub.handle('connection:get', () => ({ state: 'online', since: 0, reason: null, nextAttemptAt: null }));
  stub.handle('outbox:list', () => ({ items: [] }));
  stub.handle('account:get', () => ({ account: null, freshness: never }));
  stub.handle('account:reports', () => ({ days: [], freshness: never }));
  stub.handle('account:dmca', () => ({ items: [], pagination: { page: 1, perPage: 20, total: 0 }, freshness: never }));
});

afterEach(() => {
  for (const c of components) unmount(c);
  components = [];
  account.reset();
  status.reset();
});

async function showWith(keyRefused: boolean): Promise<string> {
  stub.handle('accounts:list', () => accountsViewOf({ last4: 'ABCD', baseUrl: 'https://api.example.test', keyRefused }));
  await session.load();
  await status.load();
  components.push(mount(StatusBar, { target: place.target }), mount(Account, { target: place.target }));
  await settle();
  return place.target.textContent ?? '';
}

describe('a key the service no longer accepts', () => {
  it('is said in the status bar and on the Account page, with the way to Settings', async () => {
    const text = await showWith(true);
    // Its own label, never "Offline" (issue 26), and the way out beside it.
    expect(place.target.querySelector('.statusbar .conn-label')!.textContent!.trim()).toBe('Key refused');
    expect(place.target.querySelector('.statusbar .key-refused')!.textContent).toBe('Replace key…');
    expect(text).toContain('The service no longer accepts this key: replace it.');
    place.target.querySelector<HTMLButtonElement>('.key-refused-note button')!.click();
    await settle();
    expect(session.screen).toBe('settings');
  });

  it('is not claimed while the key is accepted', async () => {
    const text = await showWith(false);
    expect(text).not.toContain('key refused');
    expect(text).not.toContain('no longer accepts');
    expect(text).toContain('Online');
  });
});
