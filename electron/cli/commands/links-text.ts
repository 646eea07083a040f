// `links check FILE|-` and `links fix FILE|- [-o OUT]`: Fix my links on the command line, on
// the core's links:check and links:fix. The text goes to the core as a file so its bytes reach
// it untouched (stdin is kept in a private temporary folder first), and the fixed text comes
// back as a file too, written in the encoding it was read in: stdout gets those bytes.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { errorLead, type ErrorCode } from '../../../shared/errors.ts';
import { say } from '../../../shared/i18n/say.ts';
import type { LinkCheckResult, LinkFixResult, UploadAgain } from '../../../shared/link-text.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { table, type Output } from '../output.ts';
import { freshHealth } from './health.ts';
import { HEALTH_WORDS } from '../health-words.ts';
import { m } from '../../../shared/i18n/index.ts';
import { counted, formatCount, words, wordsWith } from '../locale.ts';

const UPLOAD_AGAIN_WORDS: Readonly<Record<UploadAgain, () => string>> = {
  ready: m.cli_upload_again_ready,
  locate: m.cli_upload_again_locate,
  noSource: m.cli_upload_again_no_source,
};
/** A link's kind, as the KIND column names it. */
const KIND_WORDS: Readonly<Record<'download' | 'embed', () => string>> = { download: m.cli_link_kind_download, embed: m.cli_link_kind_embed };

/** What each error code means (shared/errors.ts's ERROR_LEADS), in the command line's words: why a link could not be checked. */
/** A private folder for the text read from stdin and the fixed text bound for stdout; removed after. */
async function withScratch<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'vidlift-links-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The file the command reads: FILE as given, or stdin kept in `scratch`. Granted to the core for this run. */
async function inputFile(cli: Cli, name: string, scratch: string): Promise<string> {
  let path = resolve(name);
  if (name === '-') {
    path = join(scratch, 'stdin');
    const file = createWriteStream(path, { mode: 0o600, flags: 'wx' });
    process.stdin.pipe(file);
    await finished(file);
  }
  cli.core.grantPath(path);
  return path;
}

/** The one FILE argument; the links group shares its options among subcommands, so one that is not this one's is refused here. */
function oneFile(command: Command, what: string, positionals: string[], values: Record<string, unknown>, json: boolean): string {
  const foreign = Object.keys(values).filter((option) => values[option] !== undefined && !['json', 'help', 'account'].includes(option) && !(option in command.options));
  const name = `links ${what}`;
  if (foreign.length > 0) throw new CliError(words(m.cli_links_foreign_options, { command: name, options: foreign.map((o) => `--${o}`).join(', ') }), EXIT.usage, 'usage');
  const noJson = command.noJson;
  if (json && noJson !== undefined) throw new CliError(wordsWith(m.cli_takes_no_json, (locale) => ({ command: name, why: noJson({}, locale === undefined ? undefined : { locale }) })), EXIT.usage, 'usage');
  if (positionals.length !== 1) throw new CliError(words(m.cli_links_one_file, { command: name }), EXIT.usage, 'usage');
  return positionals[0]!;
}

/** Opens the core, brings the library and its takedowns up to date (offline: says so), and runs. */
async function withCli<T>(open: () => Promise<Cli>, out: Output, signal: AbortSignal, run: (cli: Cli) => Promise<T>): Promise<T> {
  const cli = await open();
  try {
    await freshHealth(cli, signal, out);
    return await run(cli);
  } finally {
    await cli.close();
  }
}

export const linksCheck: Command = {
  summary: m.cli_check_summary,
  usage: m.cli_check_usage,
  details: m.cli_check_details,
  options: {},
  async run({ positionals, values, out, open, signal }) {
    const name = oneFile(linksCheck, 'check', positionals, values, out.json);
    const result = await withScratch((scratch) => withCli(open, out, signal, async (cli) => cli.call('links:check', { path: await inputFile(cli, name, scratch) })));
    out.result(result, () => sayCheck(result, out));
    return result.counts.takenDown + result.counts.gone > 0 ? EXIT.someFailed : EXIT.ok;
  },
};

function sayCheck(result: LinkCheckResult, out: Output): void {
  const health = new Map(result.videos.map((video) => [video.videoId, video]));
  const unknownWhy = new Map(result.unknown.map((u) => [u.videoId, u.reason]));
  const rows = result.links.map((link) => {
    const video = health.get(link.videoId);
    const replacement = video?.replacement ? ` → ${link.kind === 'download' ? video.replacement.downloadUrl : video.replacement.embedUrl}` : '';
    const why = unknownWhy.get(link.videoId);
    return [HEALTH_WORDS[video?.state ?? 'unknown'](), KIND_WORDS[link.kind](), link.written, video ? `${video.title ?? ''}${replacement}` : why !== undefined ? m.cli_check_not_checked({ reason: why }) : ''];
  });
  if (rows.length > 0) out.say(table([[m.cli_table_health(), m.cli_table_kind(), m.cli_table_link(), m.cli_table_title()], ...rows]));
  const { alive, takenDown, gone, unknown } = result.counts;
  const figures = { ...counted(result.links.length), alive: formatCount(alive), takenDown: formatCount(takenDown), gone: formatCount(gone) };
  out.say(unknown > 0 ? m.cli_check_counts_unknown({ ...figures, unknown: formatCount(unknown) }) : m.cli_check_counts(figures));
  // Unknown is not dead (the exit code says dead only): why each could not be checked, once per cause.
  const videosPerReason = new Map<ErrorCode, number>();
  for (const reason of unknownWhy.values()) videosPerReason.set(reason, (videosPerReason.get(reason) ?? 0) + 1);
  for (const [reason, videos] of videosPerReason) {
    out.say(m.cli_check_not_known({ ...counted(videos), reason, lead: say(errorLead(reason)) }));
  }
}

export const linksFix: Command = {
  summary: m.cli_fix_summary,
  usage: m.cli_fix_usage,
  details: m.cli_fix_details,
  noJson: m.cli_fix_no_json,
  options: { output: { type: 'string', short: 'o' } },
  async run({ positionals, values, out, open, signal }) {
    const name = oneFile(linksFix, 'fix', positionals, values, out.json);
    const target = typeof values.output === 'string' ? resolve(values.output) : null;
    const result = await withScratch((scratch) =>
      withCli(open, out, signal, async (cli) => {
        const toPath = target ?? join(scratch, 'fixed');
        // The one place the core may write: as the save dialog grants it in the app.
        cli.core.grantSavePath(toPath);
        const fixed = await cli.call('links:fix', { path: await inputFile(cli, name, scratch), toPath });
        if (target === null) for await (const chunk of createReadStream(toPath)) await out.write(chunk as Buffer);
        return fixed;
      }),
    );
    sayFix(result, out);
    return EXIT.ok;
  },
};

function sayFix(result: LinkFixResult, out: Output): void {
  out.warn(m.cli_fix_counts({ ...counted(result.replaced), stillDead: formatCount(result.stillDead) }));
  for (const dead of result.dead) {
    const facts = { ...counted(dead.links), id: dead.videoId, state: HEALTH_WORDS[dead.state](), what: UPLOAD_AGAIN_WORDS[dead.uploadAgain]() };
    out.warn(`  ${dead.title !== undefined ? m.cli_fix_dead_titled({ ...facts, title: dead.title }) : m.cli_fix_dead(facts)}`);
  }
}
