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
import type { LinkHealth } from '../../../shared/links.ts';
import type { LinkCheckResult, LinkFixResult, UploadAgain } from '../../../shared/link-text.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { table, type Output } from '../output.ts';
import { freshHealth } from './health.ts';

/** How each health reads in a table. */
const STATE_WORDS: Readonly<Record<LinkHealth['state'] | 'unknown', string>> = { alive: 'alive', takenDown: 'taken down', gone: 'gone', unknown: 'unknown' };
const UPLOAD_AGAIN_WORDS: Readonly<Record<UploadAgain, string>> = {
  ready: 'its file is unchanged: `vidlift-cli links recover ID` uploads it again',
  locate: 'its file moved or changed: Locate file… in the app',
  noSource: 'not uploaded from this computer',
};

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
  if (foreign.length > 0) throw new CliError(`links ${what} takes no --${foreign.join(', --')}.`, EXIT.usage, 'usage');
  if (json && command.noJson !== undefined) throw new CliError(`links ${what} takes no --json: ${command.noJson}`, EXIT.usage, 'usage');
  if (positionals.length !== 1) throw new CliError(`links ${what} takes one FILE, or - for stdin.`, EXIT.usage, 'usage');
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
  summary: 'Print the health of every link of this service in a text',
  usage: 'links check FILE|-',
  details: ['FILE is a forum post, a web page, Markdown, plain text or a CSV; - reads stdin. Exit 1 when a link is taken down or gone.'],
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
    return [STATE_WORDS[video?.state ?? 'unknown'], link.kind, link.written, video ? `${video.title ?? ''}${replacement}` : why !== undefined ? `(not checked: ${why})` : ''];
  });
  if (rows.length > 0) out.say(table([['HEALTH', 'KIND', 'LINK', 'TITLE'], ...rows]));
  const { alive, takenDown, gone, unknown } = result.counts;
  out.say(`${result.links.length} links: ${alive} alive, ${takenDown} taken down, ${gone} gone${unknown > 0 ? `, ${unknown} unknown` : ''}.`);
  // Unknown is not dead (the exit code says dead only): why each could not be checked, once per cause.
  const videosPerReason = new Map<ErrorCode, number>();
  for (const reason of unknownWhy.values()) videosPerReason.set(reason, (videosPerReason.get(reason) ?? 0) + 1);
  for (const [reason, videos] of videosPerReason) {
    out.say(`${videos} ${videos === 1 ? 'video' : 'videos'} not checked (${reason}): the library does not know ${videos === 1 ? 'it' : 'them'}. ${say(errorLead(reason))}`);
  }
}

export const linksFix: Command = {
  summary: 'Write a text with each dead link swapped for the one uploaded again in its place',
  usage: 'links fix FILE|- [-o OUT]',
  details: [
    'Writes the fixed text to stdout, or to OUT (-o); every byte but the replaced links stays as it was, encoding and line endings too.',
    'The count of links replaced and of links still dead goes to stderr.',
  ],
  noJson: 'it writes the fixed text itself; `links check --json` describes the links.',
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
  out.warn(`${result.replaced} ${result.replaced === 1 ? 'link' : 'links'} replaced, ${result.stillDead} still dead.`);
  for (const dead of result.dead) {
    out.warn(`  ${dead.videoId} ${dead.title !== undefined ? `“${dead.title}” ` : ''}(${STATE_WORDS[dead.state]}, ${dead.links} ${dead.links === 1 ? 'link' : 'links'}): ${UPLOAD_AGAIN_WORDS[dead.uploadAgain]}`);
  }
}
