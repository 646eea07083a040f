// The renderer's account lifecycle (issue 28 item 6): a manager registers once and is then
// forgotten at every account:closed and read again at every account:opened; and the app's own
// registrations leave nothing of the account shown before in any manager after a switch.
import { afterEach, describe, expect, it } from 'vitest';
import { AccountLifecycle } from '../../../../../renderer/src/lib/state/account-lifecycle.ts';
import { accounts, AccountsState } from '../../../../../renderer/src/lib/state/accounts.svelte.ts';
import { library } from '../../../../../renderer/src/lib/state/library.svelte.ts';
import { uploads } from '../../../../../renderer/src/lib/state/uploads.svelte.ts';
import { status } from '../../../../../renderer/src/lib/state/status.svelte.ts';
import { outbox } from '../../../../../renderer/src/lib/state/outbox.svelte.ts';
import { thumbnails } from '../../../../../renderer/src/lib/state/thumbnails.svelte.ts';
import { watch } from '../../../../../renderer/src/lib/state/watch.svelte.ts';
import { account } from '../../../../../renderer/src/lib/state/account.svelte.ts';
import { history } from '../../../../../renderer/src/lib/state/history.svelte.ts';
import { subtitles } from '../../../../../renderer/src/lib/state/subtitles.svelte.ts';
import { localFiles } from '../../../../../renderer/src/lib/state/local-files.svelte.ts';
import { drop } from '../../../../../renderer/src/lib/state/drop.svelte.ts';
import { Notices, notices } from '../../../../../renderer/src/lib/state/notices.svelte.ts';
import { Remote, remote } from '../../../../../renderer/src/lib/state/remote.svelte.ts';
import type { RemoteView } from '../../../../../shared/model.ts';
import type { MethodName } from '../../../../../shared/contract.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../../bridge-stub.ts';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A remote view that names its account in every field a person reads. */
const remoteOf = (account: string, waitingLocally = 0): RemoteView => ({
  items: [{ localId: 1, remoteId: `${account}-1`, url: `https://${account}.test/clip.mp4`, folderId: 0, status: 'queued', active: true, bytesDownloaded: 0, bytesTotal: 0, created: null, error: null }],
  slots: null,
  waitingLocally,
});

describe('AccountLifecycle', () => {
  it('resets a manager registered once at every switch and reads it for the account shown next', async () => {
    const stub = stubBridge();
    let coreShows = 'alpha';
    stub.handle('remote:list', () => remoteOf(coreShows));
    const lifecycle = new AccountLifecycle();
    const notices = new Notices(() => {});
    const accounts = new AccountsState(stub.client, lifecycle, notices);
    const remote = new Remote(stub.client);
    lifecycle.register({ name: 'remote', follow: () => remote.start(), load: { title: () => 'Could not show the remote imports', run: () => remote.load() }, forget: () => remote.reset() });

    accounts.show('alpha');
    await settle();
    expect(lifecycle.shown).toBe('alpha');
    expect(remote.view.items.map((item) => item.remoteId)).toEqual(['alpha-1']);
    stub.emit('remote:changed', remoteOf('alpha', 2));
    expect(remote.view.waitingLocally).toBe(2);

    coreShows = 'beta';
    accounts.show('beta');
    // Forgotten at once, before the new account's answer: no moment shows alpha under beta.
    expect(remote.view.items).toEqual([]);
    await settle();
    expect(remote.view.items.map((item) => item.remoteId)).toEqual(['beta-1']);
    // Followed once: the follow of alpha stopped when it closed.
    expect(stub.listenerCount('remote:changed')).toBe(1);
    expect(stub.calls.filter((call) => call.method === 'remote:list')).toHaveLength(2);

    // The same account again changes nothing (no second read, no reset).
    accounts.show('beta');
    expect(stub.calls.filter((call) => call.method === 'remote:list')).toHaveLength(2);

    accounts.show(null);
    expect([lifecycle.shown, remote.view.items.length, stub.listenerCount('remote:changed')]).toEqual([null, 0, 0]);
    expect(notices.items).toEqual([]);
  });

  it('reads the first screen’s data before the others, and the others only for the account still shown (issue 33)', async () => {
    const lifecycle = new AccountLifecycle();
    const read: string[] = [];
    const firstReads: Array<() => void> = [];
    lifecycle.register({ name: 'queue', load: { title: () => 'queue', run: async () => void read.push(`queue of ${lifecycle.shown}`) } });
    lifecycle.register({
      name: 'list',
      load: { title: () => 'list', first: true, run: () => new Promise<void>((resolve) => firstReads.push(() => (read.push(`list of ${lifecycle.shown}`), resolve()))) },
    });
    lifecycle.open('alpha', () => undefined);
    await settle();
    // The list is still being read: nothing else is asked yet.
    expect(read).toEqual([]);
    firstReads.shift()!();
    await settle();
    expect(read).toEqual(['list of alpha', 'queue of alpha']);

    // Switched before the first screen was answered: the rest is read for the new account only.
    read.length = 0;
    lifecycle.open('beta', () => undefined);
    lifecycle.open('gamma', () => undefined);
    firstReads.shift()!();
    firstReads.shift()!();
    await settle();
    expect(read).toEqual(['list of gamma', 'list of gamma', 'queue of gamma']);
  });

  it('tells a read that failed under its title, and the other managers still read', async () => {
    const stub = stubBridge();
    stub.fail('remote:list', { code: 'offline', message: 'No answer.', retryable: true });
    const lifecycle = new AccountLifecycle();
    const notices = new Notices(() => {});
    const read: string[] = [];
    lifecycle.register({ name: 'remote', load: { title: () => 'Could not show the remote imports', run: () => new Remote(stub.client).load() } });
    lifecycle.register({ name: 'other', load: { title: () => 'Could not read the other', run: async () => void read.push('other') } });
    new AccountsState(stub.client, lifecycle, notices).show('alpha');
    await settle();
    expect(read).toEqual(['other']);
    expect(notices.items.map((n) => n.title)).toEqual(['Could not show the remote imports']);
  });

  it('replaces the row of a manager registered again (its module read again), following once', async () => {
    const stub = stubBridge();
    stub.handle('remote:list', () => remoteOf('alpha'));
    const lifecycle = new AccountLifecycle();
    const row = (remote: Remote) => ({ name: 'remote', follow: () => remote.start(), load: { title: () => 'x', run: () => remote.load() }, forget: () => remote.reset() });
    const first = new Remote(stub.client);
    lifecycle.register(row(first));
    new AccountsState(stub.client, lifecycle, new Notices(() => {})).show('alpha');
    const second = new Remote(stub.client);
    lifecycle.register(row(second));
    await settle();
    // Registered while alpha is open: it follows and reads alpha at once, and the first row no longer does.
    expect(second.view.items.map((item) => item.remoteId)).toEqual(['alpha-1']);
    expect(stub.listenerCount('remote:changed')).toBe(1);
    lifecycle.close();
    expect([first.view.items.length, second.view.items.length, stub.listenerCount('remote:changed')]).toEqual([1, 0, 0]);
  });
});

// The app's own managers, as App.svelte composes them: each registered itself with the one
// lifecycle when its module was read.
describe('the app’s managers after an account switch', () => {
  let stub: StubBridge | null = null;
  afterEach(() => {
    accounts.show(null);
    stub = null;
  });

  it('hold nothing of the account shown before, on any screen', async () => {
    stub = stubBridge();
    installAsWindowApi(stub);
    let coreShows = 'alpha';
    // Every answer names the account the core shows, in what a person would read.
    const answers: Partial<Record<MethodName, () => unknown>> = {
      'folders:list': () => ({ folders: [{ id: 1, name: `${coreShows} folder`, parent: 0, code: 'c1', isPublic: false, openEmbed: false, files: 0, color: '', pending: null }], freshness: { fetchedAt: 1, stale: false } }),
      'videos:list': () => ({ items: [{ id: `${coreShows}video01`, name: `${coreShows}.mp4`, folderId: 0, createdAt: '', isPublic: true, views: 0, size: 1, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null }], total: 1, offset: 0, freshness: { fetchedAt: 1, stale: false } }),
      'uploads:list': () => ({ jobs: [{ id: 1, path: `/videos/${coreShows}.mp4`, name: `${coreShows}.mp4`, state: 'waiting', bytesSent: 0, size: 1, folderId: 0 }], total: 1, offset: 0, counts: { waiting: 1, uploading: 0, finishing: 0, paused: 0, done: 0, failed: 0, cancelled: 0, changed: 0 }, totals: { active: 0, waiting: 1, bytesSent: 0, bytesTotal: 1, speed: 0, etaSeconds: null }, paused: false }),
      'remote:list': () => remoteOf(coreShows),
      'connection:get': () => ({ state: 'online', since: 1, reason: `${coreShows} reason`, nextAttemptAt: null }),
      'outbox:list': () => ({ items: [{ id: 1, kind: 'folder.rename', summary: `Rename ${coreShows}`, state: 'refused', error: `${coreShows} refused`, createdAt: 1 }] }),
      'videos:thumbnailQueue': () => ({ waiting: coreShows === 'alpha' ? 2 : 0, nextSlotAt: coreShows === 'alpha' ? Date.now() + 60_000 : null }),
      'watch:status': () => ({ folders: [{ id: `${coreShows}-watch`, state: 'watching', lastFile: `${coreShows}.mp4`, scanning: false, problem: null }] }),
      'settings:get': () => ({ theme: 'system', watchFolders: [] }),
      'account:get': () => ({ account: { email: `${coreShows}@vidhost.example` }, freshness: { fetchedAt: 1, stale: false } }),
      'account:reports': () => ({ days: [], freshness: { fetchedAt: 1, stale: false }, note: coreShows }),
      'account:dmca': () => ({ items: [{ id: coreShows }], pagination: { total: 1, perPage: 20, page: 1 }, freshness: { fetchedAt: 1, stale: false } }),
      'uploads:history': () => ({ items: [{ id: 1, name: `${coreShows}.mp4`, finishedAt: 1 }], total: 1 }),
      'subtitles:list': () => ({ items: [{ id: 1, videoId: `${coreShows}video01`, language: coreShows }] }),
      'videos:localFile': () => ({ file: { path: `/videos/${coreShows}.mp4`, size: 1 } }),
    };
    for (const [method, answer] of Object.entries(answers)) stub.handle(method as MethodName, answer);

    /** Everything the managers hold that a screen shows. */
    const shown = (): string =>
      JSON.stringify({
        library: [library.folders, library.pages.rows, library.search],
        uploads: [uploads.rows, uploads.counts],
        remote: remote.view,
        status: status.connection,
        outbox: outbox.items,
        thumbnails: thumbnails.queue,
        watch: watch.statuses,
        account: [account.view, account.reports, account.dmca],
        history: history.items,
        subtitles: subtitles.items,
        localFiles: [...localFiles.byVideo.entries()],
        notices: notices.items,
        drop: drop.folderChoice,
      });

    accounts.show('alpha');
    await settle();
    // What the screens read when they show (not at the switch), and what the person did.
    await Promise.all([account.load(), history.load(), subtitles.load('alphavideo01'), localFiles.load('alphavideo01')]);
    void library.setSearch('alpha', 0);
    notices.info('Uploading 1 file into alpha folder');
    drop.folderChoice = { folders: [{ file: new File([], 'alpha'), name: 'alpha' }], files: [], targetFolderId: 1 };
    await settle();
    for (const [name, field] of Object.entries(JSON.parse(shown()) as Record<string, unknown>)) {
      if (name !== 'thumbnails') expect(JSON.stringify(field), `${name} before the switch`).toContain('alpha');
    }
    expect(thumbnails.queue.waiting).toBe(2);
    const following = ['library:changed', 'uploads:changed', 'remote:changed', 'outbox:changed', 'connection:changed', 'watch:changed', 'thumbnails:changed'] as const;
    const listeners = following.map((event) => stub!.listenerCount(event));

    coreShows = 'beta';
    accounts.show('beta');
    expect(shown()).not.toContain('alpha');
    await settle();
    expect(shown()).not.toContain('alpha');
    expect(shown()).toContain('beta');
    expect(thumbnails.queue.waiting).toBe(0);
    // Each event is followed as often as before the switch: the closed account's follows stopped.
    expect(following.map((event) => stub!.listenerCount(event))).toEqual(listeners);
  });
});
