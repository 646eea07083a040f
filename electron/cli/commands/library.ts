// Reading the library: `ls`, `search`, `sync` and `account`. They answer from the local
// library (offline too, with how fresh it is); `sync` brings it up to date first.
import type { Video } from '../../../shared/model.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { resolveFolder } from '../folders.ts';
import { formatBytes, table } from '../output.ts';

const PAGE = 500;

/** Every video of a folder, page by page (keyset or offset is the core's business). */
export async function* folderVideos(cli: Cli, folderId: number): AsyncGenerator<Video> {
  for (let offset = 0; ; offset += PAGE) {
    const page = await cli.call('videos:list', { folderId, offset, limit: PAGE });
    yield* page.items;
    if (page.items.length < PAGE || offset + page.items.length >= page.total) return;
  }
}

const videoRows = (videos: Video[]): string[][] => [['ID', 'NAME', 'SIZE', 'EMBED'], ...videos.map((v) => [v.id, v.name, formatBytes(v.size), v.embedUrl])];

export const ls: Command = {
  summary: 'List the folders, or the videos of one folder',
  usage: 'ls [FOLDER] [--json]',
  details: ['Without FOLDER: the folders. FOLDER is an id (0 is the top level) or a name.'],
  options: {},
  async run({ positionals, out, open }) {
    if (positionals.length > 1) throw new CliError('ls takes at most one folder.', EXIT.usage, 'usage');
    const cli = await open();
    try {
      if (positionals.length === 0) {
        const { folders } = await cli.call('folders:list');
        out.result({ folders: folders.map(({ id, name, parent, files }) => ({ id, name, parent, files })) }, () =>
          out.say(table([['ID', 'NAME', 'VIDEOS'], ...folders.map((f) => [String(f.id), f.name, String(f.files)])])),
        );
        return EXIT.ok;
      }
      const folderId = await resolveFolder(cli, positionals[0], out, { create: false });
      const videos: Video[] = [];
      for await (const video of folderVideos(cli, folderId)) videos.push(video);
      out.result({ folderId, videos }, () => out.say(videos.length === 0 ? 'No videos in this folder.' : table(videoRows(videos))));
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

export const search: Command = {
  summary: 'Search video titles in the whole library',
  usage: 'search TEXT [--json]',
  details: ['Searches the local library (up to 500 results), offline too.'],
  options: {},
  async run({ positionals, out, open }) {
    const query = positionals.join(' ').trim();
    if (query === '') throw new CliError('Give the text to search for.', EXIT.usage, 'usage');
    const cli = await open();
    try {
      const { items } = await cli.call('videos:search', { query, limit: 500 });
      out.result({ query, videos: items }, () => out.say(items.length === 0 ? `No video title contains “${query}”.` : table(videoRows(items))));
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

export const sync: Command = {
  summary: 'Bring the local library up to date with the service',
  usage: 'sync [--full] [--json]',
  details: ['--full  read every folder again (default: a quick refresh of what changed)'],
  options: { full: { type: 'boolean' } },
  async run({ values, out, open, signal }) {
    const cli = await open();
    try {
      if (cli.offline) throw new CliError(`The service cannot be reached: ${cli.offline}`, EXIT.someFailed, 'offline');
      const before = await cli.call('sync:status');
      const full = values.full === true;
      await cli.call('sync:now', { full });
      const status = await waitForSync(cli, before.lastQuickAt, full ? before.lastFullAt : null, signal);
      const { folders } = await cli.call('folders:list');
      out.result({ ...status, folders: folders.length }, () => out.say(`Library up to date: ${folders.length} folders.`));
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

async function waitForSync(cli: Cli, quickBefore: number | null, fullBefore: number | null, signal: AbortSignal) {
  for (;;) {
    if (signal.aborted) throw new CliError('Stopped.', EXIT.interrupted, 'interrupted');
    const status = await cli.call('sync:status');
    const advanced = fullBefore !== null ? status.lastFullAt !== fullBefore : status.lastQuickAt !== quickBefore || status.lastFullAt !== null;
    if (!status.running && advanced) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const account: Command = {
  summary: 'Show the account: e-mail, balance, storage; or list the accounts',
  usage: 'account [--list] [--account NAME|ID] [--json]',
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
      if (!a) throw new CliError('The account has not been read yet and the service cannot be reached.', EXIT.someFailed, 'offline');
      out.result({ account: a, fetchedAt: view.freshness.fetchedAt }, () =>
        out.say(
          table([
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
