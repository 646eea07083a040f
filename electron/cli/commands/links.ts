// `links SUBCOMMAND`: the life of a link. One table of subcommands (each a Command of its own,
// its words, options and run); `links --help` lists them.
//   recover [ID...|--all]  Upload again the dead videos whose source file is unchanged, and
//                          print the link-map pairs made; dead videos with no usable source are listed.
import type { LinkMapPair, RecoverResult, UnusableReason } from '../../../shared/links.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT } from '../context.ts';
import { followJobs } from '../follow.ts';
import { table } from '../output.ts';
import { cannotReach } from '../reach.ts';
import { freshHealth } from './health.ts';
import { linksCheck, linksFix } from './links-text.ts';
import { m } from '../../../shared/i18n/index.ts';
import { counted, words, wordsWith, type Message } from '../locale.ts';

/** Why a dead video was not uploaded again, in the command line's words. */
const UNUSABLE_WORDS: Record<UnusableReason, Message> = {
  locate: m.cli_unusable_locate,
  noSource: m.cli_unusable_no_source,
  notDead: m.cli_unusable_not_dead,
  queued: m.cli_unusable_queued,
  recovered: m.cli_unusable_recovered,
  unknown: m.cli_unusable_unknown,
};

const recover: Command = {
  summary: m.cli_recover_summary,
  usage: m.cli_recover_usage,
  details: m.cli_recover_details,
  options: { all: { type: 'boolean' } },
  async run({ positionals, values, out, open, signal }) {
    const all = values.all === true;
    if (all === positionals.length > 0) throw new CliError(words(m.cli_recover_name_or_all, {}), EXIT.usage, 'usage');
    const cli = await open();
    try {
      const offline = cli.offline;
      if (offline) throw new CliError(wordsWith(m.cli_recover_offline, (locale) => ({ unreachable: cannotReach(offline, locale) })), EXIT.someFailed, 'offline');
      await freshHealth(cli, signal, out);
      let result: RecoverResult;
      try {
        result = await cli.call('links:recover', all ? { all: true } : { ids: positionals });
      } catch (error) {
        const refusal = error instanceof CliError ? error.words : (): string => (error as Error).message;
        throw new CliError(wordsWith(m.cli_recover_refused, (locale) => ({ reason: refusal(locale) })), EXIT.usage, 'usage');
      }
      const followed = followJobs(cli);
      const { jobs } = await cli.call('uploads:jobs', { ids: result.queued.map((q) => q.jobId) });
      followed.track(jobs);
      try {
        if (jobs.length > 0) out.warn(m.cli_recover_uploading(counted(jobs.length)));
        await followed.allFinal(signal);
      } finally {
        followed.close();
      }
      const pairs: LinkMapPair[] = [];
      const failed: string[] = [];
      for (const { videoId } of result.queued) {
        const stone = await cli.call('links:tombstone', { id: videoId });
        if (stone.pair) pairs.push(stone.pair);
        else failed.push(videoId);
      }
      // `why` is in English (the same under every LANG, as all of --json); a person reads it in their language on stderr.
      const unusable = result.unusable.map((u) => ({ ...u, why: UNUSABLE_WORDS[u.reason]({}, { locale: 'en' }) }));
      out.result({ pairs, failed, unusable }, () => {
        if (pairs.length > 0) out.say(table([[m.cli_table_old(), m.cli_table_new(), m.cli_table_new_download(), m.cli_table_new_embed()], ...pairs.map((p) => [p.oldId, p.newId, p.newDownload, p.newEmbed])]));
        else out.say(m.cli_recover_none());
      });
      // Notes on stderr in both modes.
      for (const id of failed) out.warn(m.cli_recover_not_finished({ id }));
      for (const u of unusable) {
        const why = UNUSABLE_WORDS[u.reason]({});
        out.warn(u.title ? m.cli_recover_unusable_titled({ id: u.videoId, title: u.title, why }) : m.cli_recover_unusable({ id: u.videoId, why }));
      }
      return failed.length > 0 || unusable.some((u) => u.reason !== 'recovered' && u.reason !== 'queued') ? EXIT.someFailed : EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

/** The subcommands of `links`: `check` and `fix` are Fix my links (links-text.ts). */
export const LINKS_SUBCOMMANDS: Record<string, Command> = { recover, check: linksCheck, fix: linksFix };

export const links: Command = {
  summary: m.cli_links_summary,
  usage: m.cli_links_usage,
  details: () => Object.entries(LINKS_SUBCOMMANDS).map(([name, c]) => `${name.padEnd(8)} ${c.summary()} (vidlift-cli ${c.usage()})`).join('\n'),
  options: Object.assign({}, ...Object.values(LINKS_SUBCOMMANDS).map((c) => c.options)) as Command['options'],
  async run(input) {
    const [name, ...rest] = input.positionals;
    const sub = name === undefined ? undefined : LINKS_SUBCOMMANDS[name];
    const names = Object.keys(LINKS_SUBCOMMANDS).join(', ');
    if (!sub) throw new CliError(name === undefined ? words(m.cli_links_name_subcommand, { names }) : words(m.cli_links_unknown_subcommand, { name, names }), EXIT.usage, 'usage');
    return sub.run({ ...input, positionals: rest });
  },
};
