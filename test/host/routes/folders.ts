// Operations 11-13: create, rename, tree list.
import { readJson } from '../body.ts';
import type { Ctx, Routes } from '../core.ts';
import { fail, MESSAGES } from '../errors.ts';
import type { Account } from '../state.ts';
import { bodyInt, bodyString, optionalBodyInt, queryInt } from '../validate.ts';
import { folderCreateView, folderTreeView } from '../views.ts';

export function requireFolder(account: Account, id: number): void {
  if (id !== 0 && !account.folders.has(id)) fail(MESSAGES.folderNotFound);
}

async function create(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.req);
  const name = bodyString(body, 'name');
  // `parent` is not in the spec's request; the service family accepts it, so the host does too.
  const parent = optionalBodyInt(body, 'parent', 0, 0);
  requireFolder(ctx.account, parent);
  return folderCreateView(ctx.core.store.createFolder(ctx.account, name, parent));
}

async function rename(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.req);
  const id = bodyInt(body, 'id', 1);
  const name = bodyString(body, 'name');
  const folder = ctx.account.folders.get(id);
  if (!folder) return fail(MESSAGES.folderNotFound);
  folder.name = name;
  return { id: folder.id, name: folder.name };
}

function list(ctx: Ctx): unknown {
  const parent = queryInt(ctx.query, 'parent', 0, 0);
  requireFolder(ctx.account, parent);
  return { list: folderTreeView(ctx.account, parent) };
}

export const folderRoutes: Routes = {
  'POST /v1/folders/create': create,
  'POST /v1/folders/rename': rename,
  'GET /v1/folders': list,
};
