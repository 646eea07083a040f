// The Account view in Chromium against a stand-in bridge (issue 17, item 7): never loaded from
// the service, it says so instead of stating facts it does not have.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import Account from '../../../../renderer/src/views/Account.svelte';
import { account } from '../../../../renderer/src/lib/state/account.svelte.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

const never = { fetchedAt: null, stale: true };
const loaded = { fetchedAt: Date.now() - 120_000, stale: false };
const page = { page: 1, perPage: 20, total: 0 };

beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  account.reset();
});

const place = mountPlace();

async function show(): Promise<string> {
  place.component = mount(Account, { target: place.target });
  await settle();
  return place.target.textContent ?? '';
}

describe('Account', () => {
  it('says "not loaded yet" instead of "no records" and an empty chart when never loaded online', async () => {
    stub.handle('account:get', () => ({ account: null, freshness: never }));
    stub.handle('account:reports', () => ({ days: [], freshness: never }));
    stub.handle('account:dmca', () => ({ items: [], pagination: page, freshness: never }));
    const text = await show();
    expect(text).not.toContain('No takedown records');
    expect(text).toContain('Not loaded yet: connect to see the takedown records.');
    expect(text).toContain('Not loaded yet: connect to see the daily reports.');
    expect(text).toContain('Not loaded yet: connect to see the account.');
    expect(place.target.querySelector('canvas')).toBeNull();
    expect(text).not.toMatch(/Updated/);
  });

  it('after a failed refresh says so and how old the data shown is, never "Updated just now"', async () => {
    const failed = { fetchedAt: Date.now() - 3 * 3_600_000, stale: true, failedAt: Date.now() };
    stub.handle('account:get', () => ({
      account: { email: 'a@example.test', balance: '0', premiumExpire: '2030-01-01 00:00:00', isPremium: false, storageTotalKb: null, storageUsedKb: 1, storageLeftKb: null },
      freshness: failed,
    }));
    stub.handle('account:reports', () => ({ days: [], freshness: failed }));
    stub.handle('account:dmca', () => ({ items: [], pagination: page, freshness: failed }));
    const text = await show();
    expect(text).not.toContain('Updated');
    expect(text).toContain('Refresh failed just now · showing data from 3 hours ago');
  });

  it('shows a DMCA record’s video by title, with its link to copy, when the library knows it', async () => {
    stub.handle('account:get', () => ({ account: null, freshness: never }));
    stub.handle('account:reports', () => ({ days: [], freshness: loaded }));
    const record = { id: 1, code: 'abcdefghijkl', secureDownloadCode: 's', secureEmbedCode: 'e', reportedAt: '2026-01-02 10:00:00', disabledAt: '2026-01-03 10:00:00' };
    stub.handle('account:dmca', () => ({
      items: [
        { ...record, video: { name: 'Holiday in Lisbon.mp4', downloadUrl: 'https://video.example/d/abcdefghijkl' } },
        { ...record, id: 2, code: 'zzzzzzzzzzzz', video: null },
      ],
      pagination: { ...page, total: 2 },
      freshness: loaded,
    }));
    stub.handle('clipboard:writeText', () => ({ ok: true }));
    await show();
    const rows = Array.from(place.target.querySelectorAll('.dmca tbody tr'));
    expect(rows[0]?.textContent).toContain('Holiday in Lisbon.mp4');
    expect(rows[1]?.textContent).toContain('zzzzzzzzzzzz');
    rows[0]!.querySelector<HTMLButtonElement>('button')!.click();
    await settle();
    expect(stub.calls.find((c) => c.method === 'clipboard:writeText')?.input).toEqual({ text: 'https://video.example/d/abcdefghijkl' });
  });

  it('states an empty DMCA list as a fact once it was loaded', async () => {
    stub.handle('account:get', () => ({ account: null, freshness: never }));
    stub.handle('account:reports', () => ({ days: [], freshness: loaded }));
    stub.handle('account:dmca', () => ({ items: [], pagination: page, freshness: loaded }));
    const text = await show();
    expect(text).toContain('No takedown records. Good.');
    expect(text).not.toContain('connect to see the daily reports');
    expect(text).toContain('Updated 2 minutes ago');
  });
});
