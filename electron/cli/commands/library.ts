// Reading the library: `ls`, `search`, `sync` and `account`. They answer from the local
// library (offline too, saying so: the address, the cause and how fresh it is); `sync` brings
// it up to date first.
import type { Folder, Video } from '../../../shared/model.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { followJobs, leftoverUploads } from '../follow.ts';
import { resolveFolder } from '../folders.ts';
import { table, type Output } from '../output.ts';
import { m } from '../../../shared/i18n/index.ts';
import { say } from '../../../shared/i18n/say.ts';
import { counted, formatBytes, formatCount, formatMoment, words, wordsWith } from '../locale.ts';
import { cannotReach, sayOffline } from '../reach.ts';
import { uploadSummary } from '../summary.ts';

const PAGE = 500;
const SEARCH_LIMIT = 500;

/** Every video of a folder, page by page (keyset or offset is the core's business). */
export async function* folderVideos(cli: Cli, folderId: number): AsyncGenerator<Video> {
  for (let offset = 0; ; offset += PAGE) {
    const page = await cli.call('videos:list', { folderId, offset, limit: PAGE });
    yield* page.items;
    if (page.items.length < PAGE || offset + page.items.length >= page.total) return;
  }
}

/**
 * A library this computer has never brought up to date (a first run on a data folder) would
 * answer "nothing": online, the read commands wait for the first sync instead.
 */
export async function firstSync(cli: Cli, out: Output, signal: AbortSignal): Promise<void> {
  if (cli.offline) return;
  const status = await cli.call('sync:status');
  if (status.lastQuickAt !== null || status.lastFullAt !== null) return;
  out.warn(m.cli_first_sync({ address: cli.address }));
  if (!status.running) await cli.call('sync:now', { full: true });
  await waitForSync(cli, null, null, signal);
}

const videoRows = (videos: Video[]): string[][] => [[m.cli_table_id(), m.cli_table_name(), m.cli_table_size(), m.cli_table_embed()], ...videos.map((v) => [v.id, v.name, formatBytes(v.size), v.embedUrl])];

/** The folders in tree order, each with its depth: a parent first, then its sub-folders by name. */
export function folderTree(folders: readonly Folder[]): Array<{ folder: Folder; depth: number }> {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<number, Folder[]>();
  for (const folder of folders) {
    // A folder whose parent the library does not hold is shown at the top.
    const parent = ids.has(folder.parent) && folder.parent !== folder.id ? folder.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  const rows: Array<{ folder: Folder; depth: number }> = [];
  const seen = new Set<number>();
  const visit = (parent: number, depth: number): void => {
    const sorted = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    for (const folder of sorted) {
      if (seen.has(folder.id)) continue;
      seen.add(folder.id);
      rows.push({ folder, depth });
      visit(folder.id, depth + 1);
    }
  };
  visit(0, 0);
  // A cycle of parents (never from the service, but the list is data): shown at the top.
  for (const folder of folders) if (!seen.has(folder.id)) rows.push({ folder, depth: 0 });
  return rows;
}

export const ls: Command = {
  summary: m.cli_ls_summary,
  usage: m.cli_ls_usage,
  details: m.cli_ls_details,
  options: {},
  async run({ positionals, out, open, signal }) {
    if (positionals.length > 1) throw new CliError(words(m.cli_ls_one_folder, {}), EXIT.usage, 'usage');
    const cli = await open();
    try {
      await firstSync(cli, out, signal);
      if (positionals.length === 0) {
        const { folders, freshness } = await cli.call('folders:list');
        await sayOffline(cli, out, freshness.fetchedAt);
        const top = await cli.call('videos:list', { folderId: 0, offset: 0, limit: 1 });
        const tree = folderTree(folders);
        out.result(
          { topLevelVideos: top.total, folders: tree.map(({ folder: { id, name, parent, files }, depth }) => ({ id, name, parent, depth, files })) },
          () =>
            out.say(
              table([
                [m.cli_table_id(), m.cli_table_name(), m.cli_table_videos()],
                ['0', m.cli_ls_top_level(), formatCount(top.total)],
                ...tree.map(({ folder, depth }) => [String(folder.id), `${'  '.repeat(depth)}${folder.name}`, formatCount(folder.files)]),
              ]),
            ),
        );
        return EXIT.ok;
      }
      const folderId = await resolveFolder(cli, positionals[0], out, { create: false });
      const videos: Video[] = [];
      let fetchedAt: number | null = null;
      for await (const video of folderVideos(cli, folderId)) videos.push(video);
      if (cli.offline) fetchedAt = (await cli.call('videos:list', { folderId, offset: 0, limit: 1 })).freshness.fetchedAt;
      await sayOffline(cli, out, fetchedAt);
      out.result({ folderId, videos }, () => out.say(videos.length === 0 ? m.cli_ls_no_videos() : table(videoRows(videos))));
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

export const search: Command = {
  summary: m.cli_search_summary,
  usage: m.cli_search_usage,
  details: () => m.cli_search_details({ limit: formatCount(SEARCH_LIMIT) }),
  options: {},
  async run({ positionals, out, open, signal }) {
    const query = positionals.join(' ').trim();
    if (query === '') throw new CliError(words(m.cli_search_no_text, {}), EXIT.usage, 'usage');
    const cli = await open();
    try {
      await firstSync(cli, out, signal);
      const { items } = await cli.call('videos:search', { query, limit: SEARCH_LIMIT });
      await sayOffline(cli, out, (await cli.call('folders:list')).freshness.fetchedAt);
      out.result({ query, videos: items }, () => out.say(items.length === 0 ? m.cli_search_none({ query }) : table(videoRows(items))));
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

export const sync: Command = {
  summary: m.cli_sync_summary,
  usage: m.cli_sync_usage,
  details: m.cli_sync_details,
  options: { full: { type: 'boolean' } },
  async run({ values, out, open, signal }) {
    const cli = await open();
    try {
      const offline = cli.offline;
      if (offline) throw new CliError(wordsWith(m.cli_sync_offline, (locale) => ({ unreachable: cannotReach(offline, locale) })), EXIT.someFailed, 'offline');
      const earlier = await leftoverUploads(cli, out);
      const followed = followJobs(cli);
      followed.track(earlier.jobs);
      try {
        const before = await cli.call('sync:status');
        const full = values.full === true;
        await cli.call('sync:now', { full });
        const status = await waitForSync(cli, before.lastQuickAt, full ? before.lastFullAt : null, signal);
        const { folders } = await cli.call('folders:list');
        if (earlier.jobs.length > 0) await followed.allFinal(signal);
        const uploads = uploadSummary([...followed.jobs().values()].map((j) => ({ state: j.state, already: false })), 0);
        out.result({ ...status, folders: folders.length, ...(earlier.jobs.length > 0 ? { uploads: uploads.counts } : {}) }, () => {
          out.say(m.cli_sync_done(counted(folders.length)));
          if (earlier.jobs.length > 0) out.say(m.cli_sync_leftover({ summary: uploads.sentence }));
        });
        return uploads.counts.notUploaded > 0 ? EXIT.someFailed : EXIT.ok;
      } finally {
        followed.close();
      }
    } finally {
      await cli.close();
    }
  },
};

export async function waitForSync(cli: Cli, quickBefore: number | null, fullBefore: number | null, signal: AbortSignal) {
  for (;;) {
    if (signal.aborted) throw new CliError(words(m.cli_stopped, {}), EXIT.interrupted, 'interrupted');
    const status = await cli.call('sync:status');
    const advanced = fullBefore !== null ? status.lastFullAt !== fullBefore : status.lastQuickAt !== quickBefore || status.lastFullAt !== null;
    if (!status.running && advanced) return status;
    if (!status.running) {
      // The pass ended without bringing the library up to date: the service stopped answering.
      const connection = await cli.call('connection:get');
      if (connection.state === 'offline') {
        const address = cli.address;
        throw new CliError(connection.reason ? words(m.cli_sync_stopped_answering_because, { address, reason: say(connection.reason) }) : words(m.cli_sync_stopped_answering, { address }), EXIT.someFailed, 'offline');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const account: Command = {
  summary: m.cli_account_summary,
  usage: m.cli_account_usage,
  details: m.cli_account_details,
  options: { list: { type: 'boolean' } },
  async run({ out, open, values }) {
    const cli = await open();
    try {
      if (values.list === true) {
        const settings = await cli.call('settings:get');
        const rows = settings.accounts.map((a) => ({ id: a.id, name: a.name, baseUrl: a.baseUrl, shownInApp: a.id === settings.activeAccount }));
        out.result({ accounts: rows }, () => out.say(table(rows.map((r) => [`${r.shownInApp ? '* ' : '  '}${r.name}`, r.baseUrl]))));
        return EXIT.ok;
      }
      let view = await cli.call('account:get', { refresh: !cli.offline });
      for (let i = 0; i < 50 && !cli.offline && view.freshness.fetchedAt === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        view = await cli.call('account:get');
      }
      const a = view.account;
      if (!a) {
        const offline = cli.offline;
        throw new CliError(offline ? wordsWith(m.cli_account_never_read, (locale) => ({ unreachable: cannotReach(offline, locale) })) : words(m.cli_account_not_read, { address: cli.address }), EXIT.someFailed, 'offline');
      }
      if (cli.offline) {
        const unreachableText = cannotReach(cli.offline);
        out.warn(view.freshness.fetchedAt === null ? m.cli_account_offline({ unreachable: unreachableText }) : m.cli_account_offline_read_at({ unreachable: unreachableText, time: formatMoment(view.freshness.fetchedAt) }));
      }
      out.result({ address: cli.address, account: a, fetchedAt: view.freshness.fetchedAt }, () =>
        out.say(
          table([
            [m.cli_account_service(), cli.address],
            [m.cli_account_email(), a.email],
            [m.cli_account_balance(), a.balance],
            [m.cli_account_premium_until(), a.isPremium ? a.premiumExpire : m.cli_account_not_premium()],
            [
              m.cli_account_storage_used(),
              a.storageTotalKb === null
                ? m.cli_account_storage_unlimited({ used: formatBytes(a.storageUsedKb * 1024) })
                : m.cli_account_storage_of({ used: formatBytes(a.storageUsedKb * 1024), total: formatBytes(a.storageTotalKb * 1024) }),
            ],
          ]),
        ),
      );
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};
