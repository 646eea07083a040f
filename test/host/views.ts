// Wire shapes of the resources (spec section 2).
import type { Core } from './core.ts';
import type { Account, DmcaRecord, Folder, RemoteItem, Video } from './state.ts';
import { formatTimestamp } from './time.ts';

export function videoView(core: Core, v: Video): Record<string, unknown> {
  const u = core.videoUrls(v.id, v.thumbnail);
  return {
    id: v.id,
    createdAt: formatTimestamp(v.createdAtMs),
    isPublic: v.isPublic,
    views: v.views,
    name: v.name,
    size: v.size,
    skipIntro: v.skipIntro,
    links: { download: u.download, embed: u.embed },
    images: { single: u.single, thumbnail: u.thumbnail, splash: u.splash },
  };
}

export function folderCreateView(f: Folder): Record<string, unknown> {
  return { id: f.id, name: f.name, code: f.code, parent: f.parent, isPublic: f.isPublic, openEmbed: f.openEmbed };
}

export function folderTreeView(account: Account, parent: number): Array<Record<string, unknown>> {
  const children = new Map<number, Folder[]>();
  for (const f of account.folders.values()) {
    let list = children.get(f.parent);
    if (!list) children.set(f.parent, (list = []));
    list.push(f);
  }
  const build = (id: number, depth: number): Array<Record<string, unknown>> =>
    (children.get(id) ?? [])
      .slice()
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        code: f.code,
        isPublic: f.isPublic,
        openEmbed: f.openEmbed,
        files: account.folderVideos.get(f.id)?.length ?? 0,
        // Depth guard: a cycle cannot be built through the API, but never loop forever.
        children: depth < 64 ? build(f.id, depth + 1) : [],
        color: f.color,
      }));
  return build(parent, 0);
}

export function remoteView(item: RemoteItem): Record<string, unknown> {
  return {
    id: item.id,
    url: item.url,
    status: item.status,
    created: formatTimestamp(item.createdMs),
    folder: item.folder,
    bytes: { downloaded: item.downloaded, total: item.total },
    // Not in the spec's fields: why a failed item failed (the client reads it when present).
    ...(item.status === 'failed' && item.error ? { error: item.error } : {}),
  };
}

export function dmcaView(r: DmcaRecord): Record<string, unknown> {
  return {
    id: r.id,
    code: r.code,
    secureDownloadCode: r.secureDownloadCode,
    secureEmbedCode: r.secureEmbedCode,
    reportedAt: formatTimestamp(r.reportedAtMs),
    disabledAt: formatTimestamp(r.disabledAtMs),
  };
}

export function paginate<T>(items: readonly T[], page: number, perPage: number): T[] {
  const start = (page - 1) * perPage;
  return start >= items.length ? [] : items.slice(start, start + perPage);
}
