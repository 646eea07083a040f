// Operations 14-16, 18, 19: video list, info, skip intro, and the two deprecated ones.
import { readJson } from '../body.ts';
import type { Ctx, Routes } from '../core.ts';
import { fail, MESSAGES } from '../errors.ts';
import type { Video } from '../state.ts';
import { bodyId, optionalBodyInt, queryId, queryInt } from '../validate.ts';
import { videoView } from '../views.ts';
import { requireFolder } from './folders.ts';

const DEFAULT_PER_PAGE = 50;

/** Newest first, one page, optionally filtered by a case-insensitive title substring. */
function newestFirst(all: readonly Video[], page: number, perPage: number, search: string): Video[] {
  const skip = (page - 1) * perPage;
  // Unfiltered, a page is a slice: walking past `skip` videos made a sweep of one folder of
  // 1,000,000 (2,000 pages) cost the host a billion steps, on the cores the bench's core runs on.
  if (search === '') return all.slice(Math.max(0, all.length - skip - perPage), Math.max(0, all.length - skip)).reverse();
  const out: Video[] = [];
  const needle = search.toLowerCase();
  let seen = 0;
  for (let i = all.length - 1; i >= 0 && out.length < perPage; i--) {
    const v = all[i];
    if (!v) continue;
    if (!v.name.toLowerCase().includes(needle)) continue;
    if (seen++ >= skip) out.push(v);
  }
  return out;
}

function list(ctx: Ctx): unknown {
  const folder = queryInt(ctx.query, 'folder', 0, 0);
  const page = queryInt(ctx.query, 'page', 1, 1);
  const perPage = queryInt(ctx.query, 'perPage', 1, DEFAULT_PER_PAGE);
  const search = ctx.query.get('search') ?? '';
  requireFolder(ctx.account, folder);
  const all = ctx.account.folderVideos.get(folder) ?? [];
  return {
    // The service's total ignores `search` (spec 4, rule 9): reproduce it.
    pagination: { page, perPage, total: all.length },
    folder,
    list: newestFirst(all, page, perPage, search).map((v) => videoView(ctx.core, v)),
  };
}

export function ownedVideo(ctx: Ctx, id: string): Video {
  return ctx.account.videos.get(id) ?? fail(MESSAGES.fileNotFound);
}

function info(ctx: Ctx): unknown {
  return videoView(ctx.core, ownedVideo(ctx, queryId(ctx.query)));
}

async function skipIntro(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.req);
  const id = bodyId(body);
  // Omitting `seconds` or sending 0 disables intro skipping.
  const seconds = optionalBodyInt(body, 'seconds', 0, 0);
  if (seconds > 86_400) return fail('seconds must be at most 86400');
  const video = ownedVideo(ctx, id);
  video.skipIntro = seconds;
  return { id: video.id, updated: true };
}

/** Deprecated (18): the wire decisions have the host answer {pagination, list}. */
function deprecatedSearch(ctx: Ctx): unknown {
  const search = ctx.query.get('search') ?? ctx.query.get('q') ?? '';
  if (search.trim() === '') return fail('search is required');
  const page = queryInt(ctx.query, 'page', 1, 1);
  const perPage = queryInt(ctx.query, 'perPage', 1, DEFAULT_PER_PAGE);
  const needle = search.toLowerCase();
  const matches = [...ctx.account.videos.values()].filter((v) => v.name.toLowerCase().includes(needle)).reverse();
  const start = (page - 1) * perPage;
  return {
    pagination: { page, perPage, total: matches.length },
    list: matches.slice(start, start + perPage).map((v) => videoView(ctx.core, v)),
  };
}

function deprecatedStatus(): unknown {
  return fail('This operation is deprecated: use GET /v1/videos/info');
}

export const videoRoutes: Routes = {
  'GET /v1/videos': list,
  'GET /v1/videos/info': info,
  'POST /v1/videos/skip-intro': skipIntro,
  'GET /v1/videos/search': deprecatedSearch,
  'GET /v1/videos/status': deprecatedStatus,
};
