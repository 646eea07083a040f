// Operations 5, 7-10: remote URL uploads (queue, status, list, actions, slots).
import { readJson } from '../body.ts';
import type { Core, Ctx, Routes } from '../core.ts';
import { RECOGNISED_VIDEO_DOMAINS } from '../core.ts';
import { fail, MESSAGES } from '../errors.ts';
import { ACTIVE_REMOTE, remoteCapacity } from '../state.ts';
import type { RemoteItem, Video } from '../state.ts';
import { httpUrl, ID_RE, optionalBodyInt, queryId, queryInt } from '../validate.ts';
import { paginate, remoteView } from '../views.ts';
import { requireFolder } from './folders.ts';
import { copyVideo } from './upload.ts';

const VIDEO_PATH = /^\/(?:e|d|v|f)\/(\w{12})(?:\/[^/]*)?$/;

/** undefined: not a service link, queue it. A Video: copy it at once. Throws for a dead link. */
function recognisedVideo(core: Core, url: URL): Video | undefined {
  const own = url.origin === new URL(core.baseUrl).origin;
  if (!own && !RECOGNISED_VIDEO_DOMAINS.includes(url.hostname.toLowerCase())) return undefined;
  const m = VIDEO_PATH.exec(url.pathname);
  if (!m?.[1]) {
    if (own) return undefined; // other paths on the host (test fixtures) are plain downloads
    return fail('Not a video link');
  }
  return core.store.videoIndex.get(m[1]) ?? fail(MESSAGES.fileNotFound);
}

export function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (!last) return url.hostname;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function slots(ctx: Ctx): { used: number; total: number; free: number } {
  const used = ctx.core.store.activeRemote(ctx.account);
  const total = remoteCapacity(ctx.account);
  return { used, total, free: Math.max(0, total - used) };
}

async function submit(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.req);
  const url = httpUrl(body.url);
  // `folder` is not in the spec's request; accepted because queue items carry a folder.
  const folder = optionalBodyInt(body, 'folder', 0, 0);
  requireFolder(ctx.account, folder);
  const source = recognisedVideo(ctx.core, url);
  if (source) {
    const copy = copyVideo(ctx.core, ctx.account, source, folder);
    const s = slots(ctx);
    return { id: copy.id, name: copy.name, slots: { used: s.used, total: s.total } };
  }
  const before = slots(ctx);
  if (before.used >= before.total) return fail(`Remote upload queue is full (${before.total} active items)`);
  const { store } = ctx.core;
  const item: RemoteItem = {
    id: store.newId(),
    accountId: ctx.account.id,
    url: url.href,
    status: 'pending',
    createdMs: ctx.core.clock(),
    folder,
    downloaded: 0,
    total: 0,
  };
  ctx.account.remote.push(item);
  store.remoteIndex.set(item.id, item);
  ctx.core.worker.wake();
  return { id: item.id, name: nameFromUrl(url), slots: { used: before.used + 1, total: before.total } };
}

function ownedItem(ctx: Ctx, id: string): RemoteItem {
  const item = ctx.core.store.remoteIndex.get(id);
  if (!item || item.accountId !== ctx.account.id) return fail(MESSAGES.remoteNotFound);
  return item;
}

function status(ctx: Ctx): unknown {
  return remoteView(ownedItem(ctx, queryId(ctx.query)));
}

function list(ctx: Ctx): unknown {
  const page = queryInt(ctx.query, 'page', 1, 1);
  const perPage = queryInt(ctx.query, 'perPage', 1, 50);
  const items = ctx.account.remote.slice().reverse();
  return { pagination: { page, perPage, total: items.length }, list: paginate(items, page, perPage).map(remoteView) };
}

async function actions(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.req);
  const action = body.action;
  const { store } = ctx.core;
  const account = ctx.account;
  const remove = (pred: (i: RemoteItem) => boolean): number => {
    const doomed = account.remote.filter(pred);
    for (const item of doomed) {
      ctx.core.worker.cancel(item.id);
      store.removeRemote(account, item);
    }
    return doomed.length;
  };
  switch (action) {
    case 'retry_failed': {
      // Retried items become active again, so they only take the free slots.
      let free = remoteCapacity(account) - store.activeRemote(account);
      let affected = 0;
      for (const item of account.remote) {
        if (item.status !== 'failed' || free <= 0) continue;
        item.status = 'pending';
        item.downloaded = 0;
        item.total = 0;
        delete item.error;
        free--;
        affected++;
      }
      if (affected > 0) ctx.core.worker.wake();
      return { affected };
    }
    case 'delete_failed':
      return { affected: remove((i) => i.status === 'failed') };
    case 'delete_inactive':
      return { affected: remove((i) => !ACTIVE_REMOTE.has(i.status)) };
    case 'delete': {
      const id = body.id;
      if (id === undefined || id === null || id === '') return fail('id is required for action delete');
      if (typeof id !== 'string' || !ID_RE.test(id)) return fail('id must be 12 word characters');
      return { affected: remove((i) => i.id === id) };
    }
    case undefined:
    case null:
    case '':
      return fail('action is required');
    default:
      return fail('action must be one of retry_failed, delete_failed, delete_inactive, delete');
  }
}

export const remoteRoutes: Routes = {
  'POST /v1/upload/url': submit,
  'GET /v1/upload/url/status': status,
  'GET /v1/upload/url/list': list,
  'POST /v1/upload/url/actions': actions,
  'GET /v1/upload/url/slots': (ctx) => ({ slots: slots(ctx) }),
};
