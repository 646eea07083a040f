// The links components (issue 29) in Chromium against a stand-in bridge: the tombstone says what
// a dead video kept and offers Locate file… through the open dialog; the library's filters count
// the dead videos and open one state; a batch of takedowns is told with a way to the view; the
// Fix my links preview marks each change; the manager sends a picked file and saves through the
// save dialog.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { flushSync, mount } from 'svelte';
import '../../../../renderer/src/styles/app.css';
import TombstoneDetail from '../../../../renderer/src/components/links/TombstoneDetail.svelte';
import HealthFilters from '../../../../renderer/src/components/links/HealthFilters.svelte';
import FixPreview from '../../../../renderer/src/components/links/FixPreview.svelte';
import { linkHealth, LinkHealthState } from '../../../../renderer/src/lib/state/link-health.svelte.ts';
import { FixLinks } from '../../../../renderer/src/lib/state/fix-links.svelte.ts';
import { notices, Notices } from '../../../../renderer/src/lib/state/notices.svelte.ts';
import type { HealthView, Tombstone, TakedownsView } from '../../../../shared/links.ts';
import type { LinkCheckResult, LinkFixResult } from '../../../../shared/link-text.ts';
import { Session } from '../../../../renderer/src/lib/state/session.svelte.ts';
import { AccountsState } from '../../../../renderer/src/lib/state/accounts.svelte.ts';
import { accountsViewOf, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

const tombstone: Tombstone = {
  videoId: 'deadvideo001',
  state: 'takenDown',
  reason: 'dmca',
  title: 'Harbour at dawn.mp4',
  folderId: 7,
  folderName: 'Travel',
  size: 52_428_800,
  downloadUrl: 'https://h.test/d/deadvideo001',
  embedUrl: 'https://h.test/e/deadvideo001',
  lastSeenAt: Date.UTC(2026, 10, 20, 9, 30),
  deadAt: Date.UTC(2026, 10, 23, 12, 0),
  reportedAt: '2026-11-22 10:00:00',
  disabledAt: '2026-11-23 11:00:00',
  secureCodes: { download: 'sd-123', embed: 'se-456' },
  localSource: { path: '/home/me/Videos/Harbour at dawn.mp4', size: 52_428_800, mtimeMs: 1, status: 'missing', unchanged: false },
  recovery: 'locate',
  pair: { oldId: 'deadvideo001', newId: 'newvideo0001', oldDownload: 'https://h.test/d/deadvideo001', newDownload: 'https://h.test/d/newvideo0001', oldEmbed: 'https://h.test/e/deadvideo001', newEmbed: 'https://h.test/e/newvideo0001', at: Date.UTC(2026, 10, 23, 13, 0) },
};

let stub: StubBridge;

beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  linkHealth.reset();
  notices.reset();
  delete document.documentElement.dataset.theme;
});

const place = mountPlace('width: 380px; display: flex; background: var(--bg);');

const health = (view: Partial<HealthView> = {}): HealthView => ({ counts: { alive: 3, takenDown: 2, gone: 1 }, items: [], total: 0, ...view });
const takedowns: TakedownsView = { items: [], total: 0, readAt: null };

describe('TombstoneDetail', () => {
  it('says what the dead video kept, and Locate file… picks through the open dialog and sends the path', async () => {
    place.component = mount(TombstoneDetail, { target: place.target, props: { tombstone } });
    flushSync();
    const text = place.target.textContent ?? '';
    expect(text).toContain('Harbour at dawn.mp4');
    expect(text).toContain('Taken down after a DMCA report');
    expect(text).toContain('Travel');
    expect(text).toContain('50 MB');
    expect(text).toContain('No longer at this path (moved or deleted)');
    expect(text).toContain('sd-123 · se-456');
    expect(place.target.querySelector<HTMLInputElement>('#tombstone-download')!.value).toBe(tombstone.downloadUrl);
    expect(place.target.querySelector<HTMLInputElement>('#pair-download')!.value).toBe(tombstone.pair!.newDownload);
    expect(place.target.querySelector<HTMLInputElement>('#pair-embed')!.value).toBe(tombstone.pair!.newEmbed);
    for (const theme of ['light', 'dark'] as const) {
      document.documentElement.dataset.theme = theme;
      await page.screenshot({ path: `../../../../test-results/screens/links-tombstone-panel-${theme}.png`, element: place.target });
    }

    stub.handle('dialog:openFiles', () => ({ paths: ['/home/me/Moved/Harbour at dawn.mp4'] }));
    stub.handle('links:locate', () => ({ queued: [{ videoId: tombstone.videoId, jobId: 9 }], unusable: [] }));
    stub.handle('links:health', () => health());
    stub.handle('links:takedowns', () => takedowns);
    place.target.querySelector<HTMLButtonElement>('button[aria-label="Locate file… of “Harbour at dawn.mp4”"]')!.click();
    await expect.poll(() => stub.calls.some((c) => c.method === 'links:locate')).toBe(true);
    expect(stub.calls.find((c) => c.method === 'dialog:openFiles')!.input).toEqual({ kind: 'videos' });
    expect(stub.calls.find((c) => c.method === 'links:locate')!.input).toEqual({ id: tombstone.videoId, path: '/home/me/Moved/Harbour at dawn.mp4' });
    await expect.poll(() => notices.items.map((n) => n.title)).toContain('1 video queued to upload again');
  });

  it('leaves the video as it is when the open dialog is cancelled', async () => {
    stub.handle('dialog:openFiles', () => ({ paths: [] }));
    expect(await linkHealth.locate(tombstone.videoId)).toBeNull();
    expect(stub.calls.map((c) => c.method)).toEqual(['dialog:openFiles']);
  });
});

describe('HealthFilters', () => {
  it('counts the taken-down and gone videos, and a press lists that state only', async () => {
    stub.handle('links:health', (input) => health((input as { state?: string }).state === 'gone' ? { items: [{ ...tombstone, state: 'gone', reason: 'unlisted' }], total: 1 } : {}));
    stub.handle('links:takedowns', () => takedowns);
    await linkHealth.load();
    place.component = mount(HealthFilters, { target: place.target });
    flushSync();
    const count = (state: string) => place.target.querySelector(`button[data-filter="${state}"] .count`)!.textContent;
    expect(count('takenDown')).toBe('2');
    expect(count('gone')).toBe('1');
    place.target.querySelector<HTMLButtonElement>('button[data-filter="gone"]')!.click();
    await expect.poll(() => linkHealth.dead.length).toBe(1);
    flushSync();
    expect(linkHealth.filter).toBe('gone');
    expect(place.target.querySelector('button[data-filter="gone"]')!.getAttribute('aria-pressed')).toBe('true');
    expect(stub.calls.filter((c) => c.method === 'links:health').at(-1)!.input).toMatchObject({ state: 'gone', offset: 0 });
  });
});

describe('a batch of takedowns', () => {
  it('is told once with the titles and a button to the Takedowns view, and counted as new until seen', async () => {
    const told = new Notices(() => undefined);
    const shownViews: string[] = [];
    const state = new LinkHealthState(stub.client, told, () => shownViews.push('takedowns'));
    stub.handle('links:health', () => health());
    stub.handle('links:takedowns', () => takedowns);
    const stop = state.start();
    stub.emit('links:takedownsFound', { count: 2, videos: [{ id: 'a', title: 'Harbour at dawn.mp4' }, { id: 'b', title: null }] });
    expect(state.unseen).toBe(2);
    const notice = told.items.at(-1)!;
    expect(notice.title).toBe('2 videos were taken down');
    expect(notice.details).toEqual(['Harbour at dawn.mp4', 'b']);
    await told.runAction(notice.id, 0);
    expect(shownViews).toEqual(['takedowns']);
    state.markSeen();
    expect(state.unseen).toBe(0);
    stop();
  });
});

describe('a clicked takedown notification', () => {
  it('shows the account it is about, then its Takedowns view', async () => {
    const shownView = accountsViewOf({ last4: 'abcd' });
    const other = { ...shownView.accounts[0]!, id: 'other-account-id-0002', name: 'Other', active: false };
    stub.handle('accounts:list', () => ({ ...shownView, accounts: [...shownView.accounts, other] }));
    stub.handle('accounts:switch', (input) => ({ ...shownView, accounts: [...shownView.accounts, other], activeId: (input as { id: string }).id }));
    const accounts = new AccountsState(stub.client);
    const session = new Session(stub.client, accounts);
    await accounts.load();
    const stop = session.start();
    stub.emit('app:navigate', { to: 'takedowns', accountId: 'other-account-id-0002' });
    await expect.poll(() => session.screen).toBe('takedowns');
    expect(stub.calls.find((c) => c.method === 'accounts:switch')!.input).toEqual({ id: 'other-account-id-0002' });
    expect(accounts.view.activeId).toBe('other-account-id-0002');
    stop();
  });
});

describe('FixPreview', () => {
  it('marks each replaced link, old on the left and new on the right', async () => {
    const original = '[url=https://h.test/d/deadvideo001]Harbour[/url]\n[video]https://h.test/e/alivevideo01[/video]\n';
    const fixed = original.replace('deadvideo001', 'newvideo0001');
    const start = original.indexOf('https://h.test/d/');
    const change = { start, end: start + 29, byteStart: start, byteEnd: start + 29, kind: 'download' as const, oldId: 'deadvideo001', newId: 'newvideo0001', before: 'https://h.test/d/deadvideo001', after: 'https://h.test/d/newvideo0001', newStart: start, newEnd: start + 29 };
    place.target.style.cssText = 'width: 400px; padding: 8px; background: var(--bg);';
    place.component = mount(FixPreview, { target: place.target, props: { original, fixed, changes: [change] } });
    flushSync();
    expect(Array.from(place.target.querySelectorAll('del')).map((d) => d.textContent)).toEqual(['https://h.test/d/deadvideo001']);
    expect(Array.from(place.target.querySelectorAll('ins')).map((d) => d.textContent)).toEqual(['https://h.test/d/newvideo0001']);
    expect(place.target.querySelectorAll('.row.changed')).toHaveLength(1);
    for (const theme of ['light', 'dark'] as const) {
      document.documentElement.dataset.theme = theme;
      await page.screenshot({ path: `../../../../test-results/screens/links-preview-panel-${theme}.png`, element: place.target });
    }
  });
});

describe('the Fix my links manager', () => {
  const check: LinkCheckResult = { encoding: { name: 'windows-1252', bom: false }, links: [], videos: [], unknown: [], counts: { alive: 0, takenDown: 0, gone: 0, unknown: 0 } };
  const fix: LinkFixResult = { encoding: check.encoding, text: 'abc', written: null, changes: [], replaced: 0, stillDead: 0, dead: [] };

  it('checks and fixes a picked file by its path, and saves to the path the save dialog gave', async () => {
    const fixer = new FixLinks(stub.client);
    stub.handle('dialog:openFiles', () => ({ paths: ['/home/me/post.bbcode'] }));
    stub.handle('links:check', () => check);
    stub.handle('links:fix', (input) => ((input as { toPath?: string }).toPath ? { ...fix, text: null, written: '/home/me/post (fixed).bbcode' } : fix));
    stub.handle('dialog:saveFile', () => ({ path: '/home/me/post (fixed).bbcode' }));
    expect(await fixer.pickFile()).toBe(true);
    await fixer.run();
    expect(stub.calls.find((c) => c.method === 'dialog:openFiles')!.input).toEqual({ kind: 'text' });
    expect(stub.calls.find((c) => c.method === 'links:check')!.input).toEqual({ path: '/home/me/post.bbcode' });
    expect(fixer.original).toBe('abc');
    expect(await fixer.save()).toBe('/home/me/post (fixed).bbcode');
    expect(stub.calls.find((c) => c.method === 'dialog:saveFile')!.input).toEqual({ suggestedName: 'post (fixed).bbcode' });
    expect(stub.calls.filter((c) => c.method === 'links:fix').at(-1)!.input).toEqual({ path: '/home/me/post.bbcode', toPath: '/home/me/post (fixed).bbcode' });
  });

  it('checks the text again by itself when an Upload again of one of its dead videos is confirmed', async () => {
    const fixer = new FixLinks(stub.client);
    const deadOne = { videoId: 'deadvideo001', state: 'takenDown' as const, title: 'Harbour at dawn.mp4', links: 1, uploadAgain: 'ready' as const };
    const change = { start: 0, end: 30, byteStart: 0, byteEnd: 30, kind: 'embed' as const, oldId: 'deadvideo001', newId: 'newvideo0001', before: 'https://h.test/e/deadvideo001', after: 'https://h.test/e/newvideo0001', newStart: 0, newEnd: 30 };
    let paired = false;
    stub.handle('links:check', () => check);
    stub.handle('links:fix', () => (paired ? { ...fix, text: 'https://h.test/e/newvideo0001', changes: [change], replaced: 1 } : { ...fix, text: 'https://h.test/e/deadvideo001', stillDead: 1, dead: [deadOne] }));
    const stop = fixer.start();
    fixer.setText('https://h.test/e/deadvideo001');
    await fixer.run();
    expect(fixer.fix?.dead).toEqual([deadOne]);
    const fixes = () => stub.calls.filter((c) => c.method === 'links:fix').length;
    // A pair for another video: nothing to do here.
    stub.emit('links:paired', { pairs: [{ ...tombstone.pair!, oldId: 'othervideo01' }] });
    expect(fixes()).toBe(1);
    paired = true;
    stub.emit('links:paired', { pairs: [tombstone.pair!] });
    await expect.poll(() => fixer.fix?.replaced).toBe(1);
    expect(fixes()).toBe(2);
    expect(fixer.fix?.changes).toEqual([change]);
    expect(fixer.original).toBe('https://h.test/e/deadvideo001');
    stop();
    stub.emit('links:paired', { pairs: [tombstone.pair!] });
    expect(fixes()).toBe(2);
  });

  it('drops an answer about a text replaced meanwhile', async () => {
    const fixer = new FixLinks(stub.client);
    let release: () => void = () => {};
    stub.handle('links:check', () => new Promise((resolve) => (release = () => resolve(check))));
    stub.handle('links:fix', () => fix);
    fixer.setText('first');
    const running = fixer.run();
    fixer.setText('second');
    release();
    await running;
    expect(fixer.check).toBeNull();
    expect(fixer.busy).toBe(false);
  });
});
