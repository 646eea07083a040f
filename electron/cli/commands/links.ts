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

/** Why a dead video was not uploaded again, in the command line's words. */
const UNUSABLE_WORDS: Record<UnusableReason, string> = {
  locate: 'its file moved or changed since it was uploaded (Locate file… in the app)',
  noSource: 'it was not uploaded from this computer',
  notDead: 'it is alive',
  queued: 'it is being uploaded again already',
  recovered: 'it was uploaded again already',
  unknown: 'Vidlift knows no video with this id',
};

const recover: Command = {
  summary: 'Upload again the dead videos whose source file is unchanged',
  usage: 'links recover [ID...|--all]',
  details: [
    'Each goes to its folder with its title, through the upload queue; the command waits for them',
    'and prints each pair of the link map (old id -> new id, with both links). Exit 1 when a video is left dead.',
  ],
  options: { all: { type: 'boolean' } },
  async run({ positionals, values, out, open, signal }) {
    const all = values.all === true;
    if (all === positionals.length > 0) throw new CliError('Name the dead videos (their ids), or give --all.', EXIT.usage, 'usage');
    const cli = await open();
    try {
      if (cli.offline) throw new CliError(`Cannot upload again: ${cannotReach(cli.offline)}.`, EXIT.someFailed, 'offline');
      await freshHealth(cli, signal, out);
      let result: RecoverResult;
      try {
        result = await cli.call('links:recover', all ? { all: true } : { ids: positionals });
      } catch (error) {
        throw new CliError(`Cannot upload again: ${(error as Error).message}`, EXIT.usage, 'usage');
      }
      const followed = followJobs(cli);
      const { jobs } = await cli.call('uploads:jobs', { ids: result.queued.map((q) => q.jobId) });
      followed.track(jobs);
      try {
        if (jobs.length > 0) out.warn(`Uploading ${jobs.length} ${jobs.length === 1 ? 'video' : 'videos'} again…`);
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
      const unusable = result.unusable.map((u) => ({ ...u, why: UNUSABLE_WORDS[u.reason] }));
      out.result({ pairs, failed, unusable }, () => {
        if (pairs.length > 0) out.say(table([['OLD', 'NEW', 'NEW DOWNLOAD', 'NEW EMBED'], ...pairs.map((p) => [p.oldId, p.newId, p.newDownload, p.newEmbed])]));
        else out.say('No video was uploaded again.');
      });
      // Notes on stderr in both modes.
      for (const id of failed) out.warn(`${id}: the upload did not finish (see vidlift-cli sync, or the app's Uploads).`);
      for (const u of unusable) out.warn(`${u.videoId}${u.title ? ` (${u.title})` : ''}: not uploaded again, ${u.why}.`);
      return failed.length > 0 || unusable.some((u) => u.reason !== 'recovered' && u.reason !== 'queued') ? EXIT.someFailed : EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

/** The subcommands of `links`: `check` and `fix` are Fix my links (links-text.ts). */
export const LINKS_SUBCOMMANDS: Record<string, Command> = { recover, check: linksCheck, fix: linksFix };

export const links: Command = {
  summary: 'The life of a link: check and fix the links in a text, upload dead videos again',
  usage: 'links SUBCOMMAND ...',
  details: Object.entries(LINKS_SUBCOMMANDS).map(([name, c]) => `${name.padEnd(8)} ${c.summary} (vidlift-cli ${c.usage})`),
  options: Object.assign({}, ...Object.values(LINKS_SUBCOMMANDS).map((c) => c.options)) as Command['options'],
  async run(input) {
    const [name, ...rest] = input.positionals;
    const sub = name === undefined ? undefined : LINKS_SUBCOMMANDS[name];
    if (!sub) throw new CliError(`${name === undefined ? 'Name a subcommand' : `Unknown subcommand “${name}”`}: ${Object.keys(LINKS_SUBCOMMANDS).join(', ')}.`, EXIT.usage, 'usage');
    return sub.run({ ...input, positionals: rest });
  },
};
