// `health`: how many videos are alive, taken down and gone, and the dead ones with their id,
// title, state and, for a takedown, when it was disabled. Online, a quick sync runs first: the
// takedown watch reads the DMCA list with every pass.
import type { Tombstone } from '../../../shared/links.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { table } from '../output.ts';
import { sayOffline } from '../reach.ts';
import { firstSync, waitForSync } from './library.ts';
import { HEALTH_WORDS } from '../health-words.ts';
import { m } from '../../../shared/i18n/index.ts';
import { formatCount, words } from '../locale.ts';

const PAGE = 500;

/** Every dead video's tombstone, newest death first. */
export async function deadVideos(cli: Cli): Promise<Tombstone[]> {
  const all: Tombstone[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await cli.call('links:health', { offset, limit: PAGE });
    all.push(...page.items);
    if (page.items.length < PAGE || all.length >= page.total) return all;
  }
}

/** The library brought up to date (the DMCA list read with it); offline, what it last saw, said so. */
export async function freshHealth(cli: Cli, signal: AbortSignal, out: Parameters<typeof firstSync>[1]): Promise<void> {
  await firstSync(cli, out, signal);
  if (cli.offline) {
    await sayOffline(cli, out, (await cli.call('sync:status')).lastQuickAt);
    return;
  }
  const before = await cli.call('sync:status');
  await cli.call('sync:now', { full: false });
  await waitForSync(cli, before.lastQuickAt, null, signal);
}

export const health: Command = {
  summary: m.cli_health_summary,
  usage: m.cli_health_usage,
  details: m.cli_health_details,
  options: {},
  async run({ positionals, out, open, signal }) {
    if (positionals.length > 0) throw new CliError(words(m.cli_health_no_arguments, {}), EXIT.usage, 'usage');
    const cli = await open();
    try {
      await freshHealth(cli, signal, out);
      const { counts } = await cli.call('links:health', { offset: 0, limit: 1 });
      const dead = await deadVideos(cli);
      const videos = dead.map((t) => ({ id: t.videoId, title: t.title, state: t.state, ...(t.disabledAt !== undefined ? { disabledAt: t.disabledAt } : {}) }));
      out.result({ counts, videos }, () => {
        out.say(m.cli_health_counts({ alive: formatCount(counts.alive), takenDown: formatCount(counts.takenDown), gone: formatCount(counts.gone) }));
        if (videos.length > 0) {
          out.say(table([[m.cli_table_id(), m.cli_table_title(), m.cli_table_state(), m.cli_table_disabled()], ...videos.map((v) => [v.id, v.title, HEALTH_WORDS[v.state](), v.disabledAt ?? ''])]));
        }
      });
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};
