// `export --format F [FOLDER]`: the links of a folder, or of the whole library, written to
// stdout by the app's own export writer (electron/core/export/writer.ts): the command pulls
// its pieces (export:read) and writes each to stdout, waiting while the pipe is full, so a
// library of any size streams out without being held in memory, and a CSV or JSON export here
// is byte for byte what the app saves to a file.
import { randomUUID } from 'node:crypto';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/export-formats.ts';
import type { ExportOptions, ExportSource } from '../../../shared/export-options.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { resolveFolder } from '../folders.ts';
import { firstSync } from './library.ts';
import type { Output } from '../output.ts';
import { sayOffline } from '../reach.ts';
import { m } from '../../../shared/i18n/index.ts';
import { words } from '../locale.ts';

/** `links` (the default) is one embed link per line, as it always was on the command line. */
const ALIASES: Record<string, ExportFormat> = { links: 'embed' };
const NAMES = ['links', ...EXPORT_FORMATS];

function formatFrom(text: string | undefined): ExportFormat {
  const name = text ?? 'links';
  const format = ALIASES[name] ?? EXPORT_FORMATS.find((f) => f === name);
  if (!format) throw new CliError(words(m.cli_export_bad_format, { formats: NAMES.join(', ') }), EXIT.usage, 'usage');
  return format;
}

export const exportLinks: Command = {
  summary: m.cli_export_summary,
  usage: () => m.cli_export_usage({ formats: NAMES.join('|') }),
  details: m.cli_export_details,
  options: { format: { type: 'string' }, template: { type: 'string' } },
  async run({ positionals, values, out, open, signal }) {
    if (out.json && typeof values.format === 'string' && values.format !== 'json') throw new CliError(words(m.cli_export_json_and_format, { format: values.format }), EXIT.usage, 'usage');
    const format = formatFrom(out.json ? 'json' : typeof values.format === 'string' ? values.format : undefined);
    if ((format === 'template') !== (typeof values.template === 'string')) throw new CliError(words(m.cli_export_template, {}), EXIT.usage, 'usage');
    if (positionals.length > 1) throw new CliError(words(m.cli_export_one_folder, {}), EXIT.usage, 'usage');
    const options: ExportOptions = { format, ...(typeof values.template === 'string' ? { template: values.template } : {}) };
    const cli = await open();
    try {
      await firstSync(cli, out, signal);
      const source: ExportSource = positionals.length === 1 ? { kind: 'folder', folderId: await resolveFolder(cli, positionals[0], out, { create: false }) } : { kind: 'library' };
      await sayOffline(cli, out, (await cli.call('folders:list')).freshness.fetchedAt);
      await write(cli, source, options, out, signal);
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

/** The stdout sink: each piece the writer made, as soon as the pipe takes it. */
async function write(cli: Cli, source: ExportSource, options: ExportOptions, out: Output, signal: AbortSignal): Promise<void> {
  const exportId = randomUUID();
  try {
    for (;;) {
      if (signal.aborted) throw new CliError(words(m.cli_export_stopped, {}), EXIT.interrupted, 'interrupted');
      const { text, done } = await cli.call('export:read', { exportId, source, options });
      // Waits while the pipe is full; a reader that left (`| head`) ends the export quietly.
      if (text !== '') await out.write(text);
      if (done) return;
    }
  } catch (error) {
    await cli.call('export:cancel', { exportId });
    throw error;
  }
}
