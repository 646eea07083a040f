// Reading the library: `ls`, `search`, `sync` and `account`. They answer from the local
// library (offline too, saying so: the address, the cause and how fresh it is); `sync` brings
// it up to date first.
import type { Folder, Video } from '../../../shared/model.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { followJobs, leftoverUploads } from '../follow.ts';
import { resolveFolder } from '../folders.ts';
import { formatBytes, formatMoment, table, type Output } from '../output.ts';
import { cannotReach, sayOffline } from '../reach.ts';
import { uploadSummary } from '../summary.ts';

const PAGE = 500;

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
  out.warn(`Reading the library from ${cli.address} for the first time…`);
  if (!status.running) await cli.call('sync:now', { full: true });
  await waitForSync(cli, null, null, signal);
}

const videoRows = (videos: Video[]): string[][] => [['ID', 'NAME', 'SIZE', 'EMBED'], ...videos.map((v) => [v.id, v.name, formatBytes(v.size), v.embedUrl])];

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
  summary: 'List the folders as a tree, or the videos of one folder',
  usage: 'ls [FOLDER]',
  details: ['Without FOLDER: the folder tree, sub-folders indented. FOLDER is an id (0 is the top level) or a name.'],
  options: {},
  async run({ positionals, out, open, signal }) {
    if (positionals.length > 1) throw new CliError('ls takes at most one folder.', EXIT.usage, 'usage');
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
                ['ID', 'NAME', 'VIDEOS'],
                ['0', '(top level)', String(top.total)],
                ...tree.map(({ folder, depth }) => [String(folder.id), `${'  '.repeat(depth)}${folder.name}`, String(folder.files)]),
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
      out.result({ folderId, videos }, () => out.say(videos.length === 0 ? 'No videos in this folder.' : table(videoRows(videos))));
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

export const search: Command = {
  summary: 'Search video titles in the whole library',
  usage: 'search TEXT',
  details: ['Searches the local library (up to 500 results), offline too.'],
  options: {},
  async run({ positionals, out, open, signal }) {
    const query = positionals.join(' ').trim();
    if (query === '') throw new CliError('Give the text to search for.', EXIT.usage, 'usage');
    const cli = await open();
    try {
      await firstSync(cli, out, signal);
      const { items } = await cli.call('videos:search', { query, limit: 500 });
      await sayOffline(cli, out, (await cli.call('folders:list')).freshness.fetchedAt);
      out.result({ query, videos: items }, () => out.say(items.length === 0 ? `No video title contains “${query}”.` : table(videoRows(items))));
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

export const sync: Command = {
  summary: 'Bring the local library up to date with the service',
  usage: 'sync [--full]',
  details: ['--full  read every folder again (default: a quick refresh of what changed)', 'Uploads an earlier run left in the queue go on, and sync waits for them.'],
  options: { full: { type: 'boolean' } },
  async run({ values, out, open, signal }) {
    const cli = await open();
    try {
      if (cli.offline) throw new CliError(`Cannot sync: ${cannotReach(cli.offline)}.`, EXIT.someFailed, 'offline');
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
          out.say(`Library up to date: ${folders.length} folders.`);
          if (earlier.jobs.length > 0) out.say(`Uploads left from an earlier run: ${uploads.sentence}`);
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
    if (signal.aborted) throw new CliError('Stopped.', EXIT.interrupted, 'interrupted');
    const status = await cli.call('sync:status');
    const advanced = fullBefore !== null ? status.lastFullAt !== fullBefore : status.lastQuickAt !== quickBefore || status.lastFullAt !== null;
    if (!status.running && advanced) return status;
    if (!status.running) {
      // The pass ended without bringing the library up to date: the service stopped answering.
      const connection = await cli.call('connection:get');
      if (connection.state === 'offline') throw new CliError(`Cannot sync: ${cli.address} stopped answering during the sync${connection.reason ? ` (${connection.reason})` : ''}.`, EXIT.someFailed, 'offline');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const account: Command = {
  summary: 'Show the account: e-mail, balance, storage; or list the accounts',
  usage: 'account [--list] [--account NAME|ID]',
  details: [
    'Read from the service when it answers; otherwise what the library last saw.',
    '--list: the desktop app’s accounts (name, address, which one it shows); pick one for any command with --account.',
  ],
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
        throw new CliError(
          cli.offline ? `${cannotReach(cli.offline)}, and the account has not been read from it yet.` : `The account could not be read from ${cli.address}.`,
          EXIT.someFailed,
          'offline',
        );
      }
      if (cli.offline) out.warn(`Offline: ${cannotReach(cli.offline)}. The account as last read${view.freshness.fetchedAt === null ? '' : ` on ${formatMoment(view.freshness.fetchedAt)}`}:`);
      out.result({ address: cli.address, account: a, fetchedAt: view.freshness.fetchedAt }, () =>
        out.say(
          table([
            ['Service', cli.address],
            ['E-mail', a.email],
            ['Balance', a.balance],
            ['Premium until', a.isPremium ? a.premiumExpire : 'not premium'],
            ['Storage used', `${formatBytes(a.storageUsedKb * 1024)}${a.storageTotalKb === null ? ' (unlimited)' : ` of ${formatBytes(a.storageTotalKb * 1024)}`}`],
          ]),
        ),
      );
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};
