// The sync's writes on the writer thread (sync/writer.ts) and the id index a first sync goes
// without (id-index.ts): the same rows as writing inline, twins merged, a dead thread survived.
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceVideo } from '../../../../../electron/core/api/schemas.ts';
import { LibraryStore } from '../../../../../electron/core/library/store.ts';
import { InlineSyncWriter, ThreadSyncWriter, startSyncWorkerFromSource, type StartSyncWorker, type SyncWriter } from '../../../../../electron/core/library/sync/writer.ts';
import { packVideos, unpackVideos } from '../../../../../electron/core/library/sync/worker-protocol.ts';
import type { SyncWrite } from '../../../../../electron/core/library/sync/writes.ts';
import { serviceVideo, tempDb } from '../helpers.ts';
import { interpret, ServiceFailure } from '../../../../../electron/core/api/reply.ts';
import * as s from '../../../../../electron/core/api/schemas.ts';
import type { ReplyDecoder, ServiceApi } from '../../../../../electron/core/api/service-api.ts';

const logger = { debug() {}, info() {}, warn() {}, error() {} };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(kind: 'thread' | 'inline'): { store: LibraryStore; writer: SyncWriter; db: ReturnType<typeof tempDb>['db'] } {
  const env = tempDb();
  const store = new LibraryStore(env.db);
  const writer = kind === 'thread' ? new ThreadSyncWriter(store, env.file, startSyncWorkerFromSource, logger) : new InlineSyncWriter(store);
  cleanups.push(env.cleanup, () => writer.close());
  return { store, writer, db: env.db };
}

const videos = (prefix: string, count: number, extra: Partial<ServiceVideo> = {}): ServiceVideo[] =>
  Array.from({ length: count }, (_, i) => serviceVideo(`${prefix}${String(i).padStart(4, '0')}`, `${prefix} clip ${i}`, extra));

const sweep = (folderId: number, list: ServiceVideo[], startedAt = 1): SyncWrite => ({
  kind: 'sweep', folderId, videos: list, consistent: true, total: list.length, startedAt, at: 10,
});

/** A first sync, a quick refresh with two new videos, a sweep that finds one gone. */
async function scenario(store: LibraryStore, writer: SyncWriter): Promise<number[]> {
  store.ids.deferIfEmpty();
  store.titles.deferIfEmpty();
  const a = videos('a', 300);
  const b = videos('b', 120);
  const changed: number[] = [];
  const first = await Promise.all([writer.write(sweep(1, a)), writer.write(sweep(2, b))]);
  changed.push(...first.map((r) => r.changed));
  await writer.write({ kind: 'finish' });
  store.ids.reload();
  const fresh = [serviceVideo('anew1', 'new one'), serviceVideo('anew2', 'new two')];
  const quick = await writer.write({ kind: 'quick', folderId: 1, videos: [...fresh, ...a.slice(0, 3)], complete: true, total: 302, at: 20 });
  changed.push(quick.changed, Number(quick.lost));
  const gone = await writer.write(sweep(2, b.slice(1), 30));
  changed.push(gone.changed);
  return changed;
}

const rows = (db: ReturnType<typeof tempDb>['db']) =>
  db.prepare('SELECT id, folder_id, seq, name, views, local_at FROM lib_videos ORDER BY id').all();

describe('the sync writer thread', () => {
  it('leaves the same rows, order and answers as writing on the sync’s own connection', async () => {
    const thread = setup('thread');
    const inline = setup('inline');
    const threadAnswers = await scenario(thread.store, thread.writer);
    const inlineAnswers = await scenario(inline.store, inline.writer);
    expect(threadAnswers).toEqual(inlineAnswers);
    expect(threadAnswers).toEqual([300, 120, 2, 0, 1]); // 2 new on top; b0 gone
    expect(rows(thread.db)).toEqual(rows(inline.db));
    expect(rows(thread.db)).toHaveLength(421); // 300 + 2 + 119
    expect(thread.store.folderPage(1, 0, 3, 'newest').items.map((v) => v.name)).toEqual(['new one', 'new two', 'a clip 0']);
    expect(thread.store.ids.deferred).toBe(false);
  });

  it('packs a listing into flat values and back without losing a field', () => {
    const list = [serviceVideo('x1', 'Ünïcode “title”', { views: 7, isPublic: false, skipIntro: 12, size: 2 ** 40 }), serviceVideo('x2', '')];
    expect(unpackVideos(packVideos(list))).toEqual(list);
  });

  it('a thread that dies fails the writes it held, and the next ones are written inline', async () => {
    const env = tempDb();
    const store = new LibraryStore(env.db);
    const warnings: string[] = [];
    const dying = () => new Worker('process.exit(3)', { eval: true });
    const writer = new ThreadSyncWriter(store, env.file, dying, { ...logger, warn: (message: string) => warnings.push(message) });
    cleanups.push(env.cleanup, () => writer.close());
    await expect(writer.write(sweep(1, videos('d', 5)))).rejects.toThrow(/exit code 3/);
    await expect(writer.write(sweep(1, videos('d', 5)))).resolves.toEqual({ changed: 5, lost: false });
    expect(store.countInFolder(1)).toBe(5);
    expect(warnings.join('\n')).toMatch(/writing on the main thread/);
  });
});

describe('a pass getting the writer ready', () => {
  it('starts the thread once, before any page, where pages are decoded on it; none for a double that reads inline', async () => {
    const env = tempDb();
    const store = new LibraryStore(env.db);
    let starts = 0;
    const counted: StartSyncWorker = (options) => {
      starts++;
      return startSyncWorkerFromSource(options);
    };
    const writer = new ThreadSyncWriter(store, env.file, counted, logger);
    cleanups.push(env.cleanup, () => writer.close());
    writer.prepare({} as ServiceApi);
    expect(starts).toBe(0);
    const decoding = { videosDecoded: () => Promise.reject(new Error('not asked here')) } as unknown as ServiceApi;
    writer.prepare(decoding);
    writer.prepare(decoding);
    expect(starts).toBe(1);
    // The thread started ahead is the one that writes.
    store.ids.deferIfEmpty();
    await writer.write(sweep(1, videos('p', 20)));
    expect(starts).toBe(1);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM lib_videos').get()).toEqual({ n: 20 });
  });
});

describe('a writer thread that cannot start', () => {
  it('writes on the sync’s own connection, and says why once', async () => {
    const env = tempDb();
    const store = new LibraryStore(env.db);
    const warnings: string[] = [];
    const refusing = (): Worker => {
      throw new Error('no threads here');
    };
    const writer = new ThreadSyncWriter(store, env.file, refusing, { ...logger, warn: (message: string) => warnings.push(message) });
    cleanups.push(env.cleanup, () => writer.close());
    await expect(writer.write(sweep(1, videos('n', 4)))).resolves.toEqual({ changed: 4, lost: false });
    await expect(writer.write(sweep(2, videos('m', 2)))).resolves.toEqual({ changed: 2, lost: false });
    expect(warnings).toEqual(['sync: could not start the writer thread, writing on the main thread']);
  });
});

describe('the id index during a first sync', () => {
  it('is dropped only on an empty library, and back (unique) once the pass ends', async () => {
    const { store, writer, db } = setup('thread');
    expect(store.ids.deferIfEmpty()).toBe(true);
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'lib_videos_by_id'").get()).toBeUndefined();
    await writer.write(sweep(1, videos('e', 50)));
    await writer.write({ kind: 'finish' });
    store.ids.reload();
    expect(store.ids.deferred).toBe(false);
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'lib_videos_by_id'").get()).toBeDefined();
    expect(store.ids.deferIfEmpty()).toBe(false);
  });

  it('merges a video listed twice meanwhile: the newest listing wins, this app’s notes on either are kept', async () => {
    const { store, writer, db } = setup('thread');
    store.ids.deferIfEmpty();
    const moved = serviceVideo('twin', 'moved while listed');
    await writer.write(sweep(1, [moved, ...videos('f', 3)]));
    // A change made here meanwhile (the outbox's pending flag) on the first copy.
    db.prepare("UPDATE lib_videos SET pending = 'pending', local_skip_intro = 9 WHERE id = ?").run(moved.id);
    await writer.write(sweep(2, [{ ...moved, views: 99 }]));
    expect(db.prepare('SELECT COUNT(*) AS n FROM lib_videos WHERE id = ?').get(moved.id)?.n).toBe(2);
    await writer.write({ kind: 'finish' });
    store.ids.reload();
    const twin = db.prepare('SELECT folder_id, views, pending, local_skip_intro FROM lib_videos WHERE id = ?').all(moved.id);
    expect(twin).toEqual([{ folder_id: 2, views: 99, pending: 'pending', local_skip_intro: 9 }]);
    expect(store.getVideo(moved.id)).toMatchObject({ folderId: 2, skipIntro: 9, pending: 'pending' });
    expect(store.countInFolder(1)).toBe(3);
  });
});

describe('listings decoded on the writer thread', () => {
  /** A double of the service whose videosDecoded hands `decode` the bytes a host would send. */
  const decodingApi = (replies: Map<number, { status: number; body: string }>): ServiceApi =>
    ({
      videos: () => Promise.reject(new Error('the thread path must not parse here')),
      videosDecoded: <T,>(input: { page: number }, decode: ReplyDecoder<T>) => {
        const reply = replies.get(input.page)!;
        return decode({ status: reply.status, headers: {}, body: Buffer.from(reply.body), url: new URL('http://127.0.0.1/') });
      },
    }) as unknown as ServiceApi;
  const pageBody = (list: ServiceVideo[], total: number) => JSON.stringify({ pagination: { page: 1, perPage: 500, total, pages: 1 }, folder: 1, list });

  it('reads a quick refresh’s pages as figures, keeps the videos on the thread, and writes the same rows as inline', async () => {
    const thread = setup('thread');
    const inline = setup('inline');
    const list = videos('p', 30);
    const api = decodingApi(new Map([[1, { status: 200, body: pageBody(list.slice(0, 20), 30) }], [2, { status: 200, body: pageBody(list.slice(20), 30) }]]));
    let received = 0;
    const pages = [await thread.writer.readPage(api, { folder: 1, page: 1, perPage: 20 }, { received: () => received++ }), await thread.writer.readPage(api, { folder: 1, page: 2, perPage: 20 })];
    expect(received).toBe(1);
    expect(pages.map((p) => [p.count, p.pagination.total, 'token' in p.ref])).toEqual([[20, 30, true], [10, 30, true]]);
    expect(thread.store.countInFolder(1)).toBe(0);
    await expect(thread.writer.writeListing({ kind: 'quick', folderId: 1, pages, complete: true, total: 30, at: 10 })).resolves.toEqual({ changed: 30, lost: false });
    await inline.writer.write({ kind: 'quick', folderId: 1, videos: list, complete: true, total: 30, at: 10 });
    expect(rows(thread.db)).toEqual(rows(inline.db));
    expect(thread.store.getFolderSync(1)?.needsSweep).toBe(false);
  });

  it('tells a quick refresh whether a page holds a stored video', async () => {
    const { store, writer } = setup('thread');
    const stored = videos('q', 3);
    await writer.write(sweep(1, stored));
    const api = decodingApi(new Map([[1, { status: 200, body: pageBody([serviceVideo('qnew', 'new'), stored[0]!], 4) }], [2, { status: 200, body: pageBody([serviceVideo('qnew2', 'n2')], 1) }]]));
    expect((await writer.readPage(api, { folder: 1, page: 1, perPage: 2 }, { knownIn: 1 })).known).toBe(true);
    expect((await writer.readPage(api, { folder: 2, page: 2, perPage: 2 }, { knownIn: 2 })).known).toBe(false);
    expect(store.countInFolder(1)).toBe(3);
  });

  it('a reply the thread refuses fails with the error the client itself gives for it', async () => {
    const { writer } = setup('thread');
    const cutOff = { status: 200, body: '{"pagination": {"page": 1' };
    const serviceSaid = { status: 200, body: JSON.stringify({ message: 'Folder not found', status: 404 }) };
    const api = decodingApi(new Map([[1, cutOff], [2, serviceSaid]]));
    const expected = (reply: { status: number; body: string }) => {
      try {
        interpret('videos', { status: reply.status, body: Buffer.from(reply.body) }, s.videoList);
      } catch (error) {
        return error;
      }
      throw new Error('interpret accepted it');
    };
    await expect(writer.readPage(api, { folder: 1, page: 1, perPage: 20 })).rejects.toEqual(expected(cutOff));
    const failure = await writer.readPage(api, { folder: 1, page: 2, perPage: 20 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceFailure);
    expect((failure as ServiceFailure).serviceMessage).toBe('Folder not found');
  });

  it('a sweep whose first page is its whole listing is written as it is read and ends there, nothing held', async () => {
    const thread = setup('thread');
    const inline = setup('inline');
    const list = videos('w', 12);
    const api = decodingApi(new Map([[1, { status: 200, body: pageBody(list, 12) }]]));
    let at = 5;
    const page = await thread.writer.readPage(api, { folder: 3, page: 1, perPage: 20 }, { sweepPage: { sweep: 1, folderId: 3, startedAt: 1, offset: 0, at: () => at++ } });
    expect(page.written).toEqual({ changed: 12, lost: false, ended: true });
    expect(page.ref).toEqual({ token: 0 });
    await inline.writer.write({ kind: 'sweep', folderId: 3, videos: list, consistent: true, total: 12, startedAt: 1, at: 5 });
    expect(rows(thread.db)).toEqual(rows(inline.db));
    expect(thread.store.getFolderSync(3)).toEqual(inline.store.getFolderSync(3));
    // Not the whole listing (12 of 30): written too, and the folder needs a sweep until the last page is in.
    const partial = decodingApi(new Map([[1, { status: 200, body: pageBody(list, 30) }]]));
    const first = await thread.writer.readPage(partial, { folder: 4, page: 1, perPage: 12 }, { sweepPage: { sweep: 2, folderId: 4, startedAt: 1, offset: 0, at: () => at++ } });
    expect(first.written).toEqual({ changed: 12, lost: false, ended: false });
    expect(first.ref).toEqual({ token: 0 });
    expect(thread.store.countInFolder(4)).toBe(12);
    expect(thread.store.getFolderSync(4)?.needsSweep).toBe(true);
  });

  it('a page dropped (its listing failed part way) is no longer held', async () => {
    const { writer } = setup('thread');
    const api = decodingApi(new Map([[1, { status: 200, body: pageBody(videos('r', 2), 2) }]]));
    const page = await writer.readPage(api, { folder: 1, page: 1, perPage: 20 });
    writer.drop([page]);
    await expect(writer.writeListing({ kind: 'quick', folderId: 1, pages: [page], complete: true, total: 2, at: 2 })).rejects.toThrow(/no longer held/);
  });

  it('a sweep’s page whose write fails on the thread fails the read with the reason', async () => {
    const { db, writer } = setup('thread');
    db.exec("CREATE TRIGGER refuse BEFORE INSERT ON lib_videos BEGIN SELECT RAISE(ABORT, 'the disk refused'); END");
    const api = decodingApi(new Map([[1, { status: 200, body: pageBody(videos('f', 3), 3) }], [2, { status: 200, body: pageBody(videos('g', 3), 9) }]]));
    const read = writer.readPage(api, { folder: 1, page: 1, perPage: 20 }, { sweepPage: { sweep: 1, folderId: 1, startedAt: 1, offset: 0, at: () => 2 } });
    await expect(read).rejects.toThrow(/the disk refused/);
    const partOfOne = writer.readPage(api, { folder: 1, page: 2, perPage: 3 }, { sweepPage: { sweep: 2, folderId: 1, startedAt: 1, offset: 3, at: () => 2 } });
    await expect(partOfOne).rejects.toThrow(/the disk refused/);
  });

  it('with no thread to start, pages are decoded and written here', async () => {
    const env = tempDb();
    const store = new LibraryStore(env.db);
    const refusing = (): Worker => {
      throw new Error('no threads here');
    };
    const writer = new ThreadSyncWriter(store, env.file, refusing, logger);
    cleanups.push(env.cleanup, () => writer.close());
    const api = decodingApi(new Map([[1, { status: 200, body: pageBody(videos('h', 4), 4) }]]));
    const page = await writer.readPage(api, { folder: 1, page: 1, perPage: 20 });
    expect('page' in page.ref).toBe(true);
    await expect(writer.writeListing({ kind: 'quick', folderId: 1, pages: [page], complete: true, total: 4, at: 2 })).resolves.toEqual({ changed: 4, lost: false });
    expect(store.countInFolder(1)).toBe(4);
  });

  it('a page a stopped thread held cannot be written here: the listing is read again', async () => {
    const { writer } = setup('inline');
    const held = { pagination: { page: 1, perPage: 20, total: 1 }, count: 1, known: false, ref: { token: 7 } };
    await expect(writer.writeListing({ kind: 'quick', folderId: 1, pages: [held], complete: true, total: 1, at: 2 })).rejects.toThrow(/thread that held this listing stopped/);
  });
});

