// `export --format F [FOLDER]`: the links of a folder, or of the whole library, written to
// stdout as they are read (a page of 500 at a time), so a library of any size streams out
// without being held in memory. The formats are the app's own (shared/link-formats.ts).
import { csvRow, formatLink, LINK_FORMATS, CSV_COLUMNS, type LinkFormat } from '../../../shared/link-formats.ts';
import { formatBbcode } from '../../../shared/link-templates.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { resolveFolder } from '../folders.ts';
import { firstSync, folderVideos } from './library.ts';
import type { Output } from '../output.ts';
import { sayOffline } from '../reach.ts';

/** The command line's names: `links` is one embed link per line; `bbcode` is for forums. */
type ExportFormat = LinkFormat | 'bbcode';
const ALIASES: Record<string, ExportFormat> = { links: 'plain', bbcode: 'bbcode' };
const NAMES = ['links', ...LINK_FORMATS.filter((f) => f !== 'plain'), 'bbcode'];

function formatFrom(text: string | undefined): ExportFormat {
  const name = text ?? 'links';
  const format = ALIASES[name] ?? (LINK_FORMATS as readonly string[]).find((f) => f === name);
  if (!format) throw new CliError(`--format is one of: ${NAMES.join(', ')}.`, EXIT.usage, 'usage');
  return format as ExportFormat;
}

export const exportLinks: Command = {
  summary: 'Write the links of a folder (or of every video) in a format',
  usage: `export [--format ${NAMES.join('|')}] [FOLDER]`,
  details: ['Writes to stdout; redirect it to a file. FOLDER is an id or a name; without it, every folder.', '--json is --format json.'],
  options: { format: { type: 'string' } },
  async run({ positionals, values, out, open, signal }) {
    if (out.json && typeof values.format === 'string' && values.format !== 'json') throw new CliError(`--json writes JSON; it cannot be --format ${values.format} too.`, EXIT.usage, 'usage');
    const format = formatFrom(out.json ? 'json' : typeof values.format === 'string' ? values.format : undefined);
    if (positionals.length > 1) throw new CliError('export takes at most one folder.', EXIT.usage, 'usage');
    const cli = await open();
    try {
      await firstSync(cli, out, signal);
      const folderIds = positionals.length === 1 ? [await resolveFolder(cli, positionals[0], out, { create: false })] : await everyFolder(cli);
      await sayOffline(cli, out, (await cli.call('folders:list')).freshness.fetchedAt);
      await write(cli, folderIds, format, out);
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

async function everyFolder(cli: Cli): Promise<number[]> {
  const { folders } = await cli.call('folders:list');
  return [0, ...folders.map((f) => f.id).filter((id) => id !== 0)];
}

async function write(cli: Cli, folderIds: number[], format: ExportFormat, out: Output): Promise<void> {
  // Waits while the pipe is full; a reader that left (`| head`) ends the export quietly.
  const put = (text: string): Promise<void> => out.write(text);
  let first = true;
  if (format === 'csv') await put(`${csvRow(CSV_COLUMNS)}\n`);
  if (format === 'json') await put('[');
  for (const folderId of folderIds) {
    for await (const video of folderVideos(cli, folderId)) {
      const line = format === 'bbcode' ? formatBbcode(video, 'url') : formatLink(video, format);
      if (format === 'json') await put(`${first ? '\n  ' : ',\n  '}${line}`);
      else await put(`${line}\n`);
      first = false;
    }
  }
  if (format === 'json') await put(first ? ']\n' : '\n]\n');
}
