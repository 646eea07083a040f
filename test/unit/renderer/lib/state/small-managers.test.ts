import { describe, expect, it } from 'vitest';
import { Notices } from '../../../../../renderer/src/lib/state/notices.svelte.ts';
import { splitUrls, isActiveStatus, Remote } from '../../../../../renderer/src/lib/state/remote.svelte.ts';
import { languageProblem, subtitleFileProblem, Subtitles } from '../../../../../renderer/src/lib/state/subtitles.svelte.ts';
import { Session } from '../../../../../renderer/src/lib/state/session.svelte.ts';
import { Status } from '../../../../../renderer/src/lib/state/status.svelte.ts';
import { Outbox } from '../../../../../renderer/src/lib/state/outbox.svelte.ts';
import { Watch } from '../../../../../renderer/src/lib/state/watch.svelte.ts';
import { AppError, errorLead } from '../../../../../shared/errors.ts';
import { accountsViewOf, stubBridge } from '../../bridge-stub.ts';
import { AccountsState } from '../../../../../renderer/src/lib/state/accounts.svelte.ts';

describe('Notices', () => {
  it('explains errors by code, replaces a repeated title, and lets info fade', () => {
    const timers: Array<() => void> = [];
    const notices = new Notices((fn) => timers.push(fn));
    notices.error('Could not rename the folder', new AppError('offline', ''));
    notices.error('Could not rename the folder', new AppError('unauthorized', 'Invalid key.'));
    expect(notices.items).toHaveLength(1);
    expect(notices.items[0]).toMatchObject({ kind: 'error', text: 'Invalid key.' });
    expect(notices.items[0]?.next).toMatch(/API key/);
    notices.info('Copied');
    expect(notices.items).toHaveLength(2);
    timers.forEach((t) => t());
    expect(notices.items.map((n) => n.kind)).toEqual(['error']);
  });

  it('runs a line\'s action once and takes its button away; the notice goes when nothing is left to do', async () => {
    const notices = new Notices(() => {});
    const ran: string[] = [];
    const notice = notices.infoWithDetails('2 files skipped', 'Already uploaded.', ['a.mp4', 'b.mp4'], {
      each: [{ label: 'Upload anyway', run: () => void ran.push('a') }, { label: 'Upload anyway', run: () => void ran.push('b') }],
      all: [{ label: 'Upload all 2 anyway', run: () => void ran.push('all') }],
    });
    await notices.runDetailAction(notice.id, 0);
    await notices.runDetailAction(notice.id, 0);
    expect(ran).toEqual(['a']);
    expect(notices.items[0]?.detailActions?.map((a) => a?.label ?? null)).toEqual([null, 'Upload anyway']);
    notices.setActions(notice.id, [{ label: 'Upload anyway', run: () => void ran.push('rest') }]);
    await notices.runAction(notice.id, 0);
    expect(ran).toEqual(['a', 'rest']);
    expect(notices.items).toEqual([]);
    const lone = notices.infoWithDetails('1 file skipped', '', ['c.mp4'], { each: [{ label: 'Upload anyway', run: () => {} }] });
    await notices.runDetailAction(lone.id, 0);
    expect(notices.items).toEqual([]);
  });
});

describe('remote imports', () => {
  it('splits pasted text by line only: distinct addresses, a line with spaces stays one (refused as one)', () => {
    expect(splitUrls(' https://a.test/1\n\nhttps://b.test/2\r\nhttps://a.test/1\t')).toEqual(['https://a.test/1', 'https://b.test/2']);
    expect(splitUrls('not a url\nhttps://a.test/1')).toEqual(['not a url', 'https://a.test/1']);
  });
  it('treats unknown statuses as active', () => {
    expect(isActiveStatus('completed')).toBe(false);
    expect(isActiveStatus('FAILED')).toBe(false);
    expect(isActiveStatus('queued_elsewhere')).toBe(true);
  });
  it('adds the URLs and follows remote:changed', async () => {
    const stub = stubBridge();
    const empty = { items: [], slots: { used: 0, total: 100, free: 100 }, waitingLocally: 0 };
    stub.handle('remote:add', () => ({ accepted: 2, rejected: [] }));
    stub.handle('remote:list', () => empty);
    const remote = new Remote(stub.client);
    const stop = remote.start();
    await remote.add('https://a.test/1\nhttps://b.test/2');
    expect(stub.calls[0]?.input).toEqual({ urls: ['https://a.test/1', 'https://b.test/2'] });
    stub.emit('remote:changed', { ...empty, waitingLocally: 3 });
    expect(remote.view.waitingLocally).toBe(3);
    stop();
  });

  it('discards an import still waiting for a slot by its local id', async () => {
    const stub = stubBridge();
    const view = { items: [], slots: null, waitingLocally: 0 };
    stub.handle('remote:discard', () => view);
    const remote = new Remote(stub.client);
    await remote.discard(7);
    expect(stub.calls[0]).toMatchObject({ method: 'remote:discard', input: { localId: 7 } });
    expect(remote.view).toEqual(view);
  });
});

describe('subtitles', () => {
  it('checks language and file before sending', () => {
    expect(languageProblem('pt_BR')).toBeNull();
    expect(languageProblem('pt-BR')).toMatch(/letters, digits or underscores/);
    expect(languageProblem(' ')).toMatch(/Choose/);
    expect(subtitleFileProblem(new File(['x'], 'a.srt'))).toBeNull();
    expect(subtitleFileProblem(new File(['x'], 'a.txt'))).toMatch(/SRT or WebVTT/);
    // The limit counts UTF-8 bytes after conversion (the core decides); UTF-16 may be twice as large on disk.
    expect(subtitleFileProblem(new File([new Uint8Array(501 * 1024)], 'a.vtt'))).toBeNull();
    expect(subtitleFileProblem(new File([new Uint8Array(1000 * 1024 + 1)], 'a.vtt'))).toMatch(/500 KB/);
  });
  it('lists tracks and shows an attached one at once', async () => {
    const stub = stubBridge();
    stub.handle('subtitles:list', () => ({ items: [] }));
    stub.handle('subtitles:addUrl', (input) => ({ videoId: 'abcdefghijkl', language: (input as { language: string }).language, url: 'https://s.test/a.vtt', source: 'url', pending: null, error: null }));
    const subs = new Subtitles(stub.client);
    await subs.load('abcdefghijkl');
    await subs.addUrl('abcdefghijkl', ' en ', ' https://s.test/a.vtt ');
    expect(stub.calls.at(-1)?.input).toEqual({ videoId: 'abcdefghijkl', language: 'en', url: 'https://s.test/a.vtt' });
    expect(subs.items.map((s) => s.language)).toEqual(['en']);
  });
});

describe('Session and Status', () => {
  it('navigates on app:navigate and follows accounts:changed', async () => {
    const stub = stubBridge();
    stub.handle('app:info', () => ({ name: 'Vidlift', version: '1', platform: 'linux', packaged: false, sandboxAvailable: true }));
    stub.handle('accounts:list', () => accountsViewOf(null));
    const accounts = new AccountsState(stub.client);
    const session = new Session(stub.client, accounts);
    const stops = [session.start(), accounts.start()];
    await session.load();
    expect(session.signedIn).toBe(false);
    expect(session.accountKey).toBe('');
    stub.emit('accounts:changed', accountsViewOf({ last4: 'abcd', baseUrl: 'https://x.test' }));
    expect(session.signedIn).toBe(true);
    expect(session.accountKey).toBe('shown-account-id-0001');
    // A shown account without a key (Remove key): signed out of it, the welcome screen again.
    stub.emit('accounts:changed', accountsViewOf({ last4: null }));
    expect(session.signedIn).toBe(false);
    stub.emit('app:navigate', { to: 'uploads' });
    expect(session.screen).toBe('uploads');
    for (const stop of stops) stop();
  });
  it('follows the connection', async () => {
    const stub = stubBridge();
    stub.handle('connection:get', () => ({ state: 'offline', since: 1, reason: errorLead('offline'), nextAttemptAt: 2 }));
    const status = new Status(stub.client);
    const stop = status.start();
    await status.load();
    expect(status.online).toBe(false);
    stub.emit('connection:changed', { state: 'online', since: 3, reason: null, nextAttemptAt: null });
    expect(status.online).toBe(true);
    stop();
  });
});

describe('Outbox', () => {
  const item = (id: number, state: 'pending' | 'sending' | 'refused') => ({ id, kind: 'folder.rename', summary: 's', state, error: null, createdAt: 1 });

  it('counts waiting changes apart from refused ones, and confirms a change that landed', async () => {
    const stub = stubBridge();
    const notices = new Notices(() => {});
    stub.handle('outbox:list', () => ({ items: [item(1, 'pending'), item(2, 'refused')] }));
    const outbox = new Outbox(stub.client, notices);
    const stop = outbox.start();
    await outbox.load();
    expect([outbox.pending, outbox.refused.length]).toEqual([1, 1]);
    stub.emit('outbox:changed', { items: [], confirmed: [{ id: 1, summary: 'Rename the folder' }] });
    expect(outbox.pending).toBe(0);
    expect(notices.items.map((n) => [n.title, n.text])).toEqual([['Saved', 'Rename the folder']]);
    stop();
  });

  it('retries and discards a refused change in one place, and tells a failure', async () => {
    const stub = stubBridge();
    const notices = new Notices(() => {});
    stub.handle('outbox:retry', () => ({ items: [item(2, 'pending')] }));
    stub.handle('outbox:discard', () => ({ items: [] }));
    const outbox = new Outbox(stub.client, notices);
    await outbox.act('retry', 2);
    expect(outbox.items.map((i) => i.state)).toEqual(['pending']);
    await outbox.act('discard', 2);
    expect(outbox.items).toEqual([]);
    expect(stub.calls.map((c) => [c.method, c.input])).toEqual([
      ['outbox:retry', { id: 2 }],
      ['outbox:discard', { id: 2 }],
    ]);
    stub.fail('outbox:discard', { code: 'not_found', message: 'No such change.', retryable: false });
    await outbox.act('discard', 9);
    expect(notices.items.map((n) => n.title)).toEqual(['Could not discard the change']);
  });
});

describe('reset() on sign-out and account switches', () => {
  it('brings every manager back to the state a fresh one has', async () => {
    const { AccountState } = await import('../../../../../renderer/src/lib/state/account.svelte.ts');
    const { Uploads } = await import('../../../../../renderer/src/lib/state/uploads.svelte.ts');
    const { Thumbnails } = await import('../../../../../renderer/src/lib/state/thumbnails.svelte.ts');
    const { SettingsState } = await import('../../../../../renderer/src/lib/state/settings.svelte.ts');
    const stub = stubBridge();
    // The reactive fields of each ($state fields are accessors, so they are named here).
    const cases: Array<[() => object & { reset(): void }, string[]]> = [
      [() => new AccountState(stub.client), ['view', 'reports', 'range', 'dmca', 'dmcaPage']],
      [() => new Uploads(stub.client), ['rows', 'total', 'counts', 'totals', 'paused']],
      [() => new Remote(stub.client), ['view']],
      [() => new Status(stub.client), ['connection']],
      [() => new Outbox(stub.client), ['items']],
      [() => new Watch(stub.client), ['statuses']],
      [() => new Subtitles(stub.client), ['videoId', 'items', 'loading']],
      [() => new Thumbnails(stub.client, () => 5), ['draft', 'queue']],
      [() => new SettingsState(stub.client), ['value']],
      [() => new Session(stub.client), ['screen']],
      [() => new Notices(() => {}), ['items']],
    ];
    for (const [create, fields] of cases) {
      const fresh = create() as unknown as Record<string, unknown>;
      const manager = create();
      const record = manager as unknown as Record<string, unknown>;
      for (const field of fields) record[field] = { dirty: field };
      if (manager instanceof Uploads) manager.progress.set(1, { id: 1, bytesSent: 1, size: 2, speed: 0, etaSeconds: null });
      manager.reset();
      for (const field of fields) expect(record[field], `${manager.constructor.name}.${field}`).toEqual(fresh[field]);
      if (manager instanceof Uploads) expect(manager.progress.size).toBe(0);
    }
  });
});
