// Operations 4 and 6: direct-upload target and copy.
import { randomBytes } from 'node:crypto';
import { readJson } from '../body.ts';
import type { Core, Ctx, Routes } from '../core.ts';
import { fail } from '../errors.ts';
import { MAX_ACTIVE_COPIES, SESSION_TTL_MS } from '../state.ts';
import type { Account, Video } from '../state.ts';
import { bodyId } from '../validate.ts';
import { ownedVideo } from './videos.ts';

function uploadTarget(ctx: Ctx): unknown {
  const { sessions } = ctx.core.store;
  const now = ctx.core.clock();
  if (sessions.size > 10_000) for (const [k, s] of sessions) if (s.expiresMs < now) sessions.delete(k);
  const server = ctx.core.pickFileServer();
  const session = randomBytes(24).toString('hex');
  sessions.set(session, { accountId: ctx.account.id, serverIndex: server.index, expiresMs: now + SESSION_TTL_MS });
  ctx.core.store.issuedSessions.push(session);
  return { url: server.url, session };
}

/** Copies `source` into `account`, enforcing the 50 live copies per source per account. */
export function copyVideo(core: Core, account: Account, source: Video, folderId: number): Video {
  const root = source.copyOf !== undefined && account.videos.has(source.copyOf) ? source.copyOf : source.id;
  const live = account.copies.get(root)?.size ?? 0;
  if (live >= MAX_ACTIVE_COPIES) fail(`A video may have at most ${MAX_ACTIVE_COPIES} active copies`);
  const copy = core.store.createVideo(account, { name: source.name, size: source.size, folderId, isPublic: source.isPublic, copyOf: root });
  if (source.sha256 !== undefined) copy.sha256 = source.sha256;
  return copy;
}

async function copy(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.req);
  const source = ownedVideo(ctx, bodyId(body));
  const created = copyVideo(ctx.core, ctx.account, source, 0);
  const urls = ctx.core.videoUrls(created.id);
  return { id: created.id, links: { download: urls.download, embed: urls.embed } };
}

export const uploadRoutes: Routes = {
  'GET /v1/upload': uploadTarget,
  'POST /v1/upload/copy': copy,
};
