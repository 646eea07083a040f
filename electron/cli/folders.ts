// --folder ID|NAME: a number is a folder id (0 is the top level); a name is looked up in the
// library and, when no folder has it, created on the service (operation 11 makes top-level
// folders only, as in the app).
import type { Cli } from './context.ts';
import { CliError, EXIT } from './context.ts';
import type { Output } from './output.ts';
import { m } from '../../shared/i18n/index.ts';
import { counted, words, wordsWith } from './locale.ts';

export async function resolveFolder(cli: Cli, given: string | undefined, out: Output, options: { create: boolean }): Promise<number> {
  if (given === undefined || given === '') return 0;
  if (/^\d+$/.test(given)) return Number(given);
  const { folders } = await cli.call('folders:list');
  const named = folders.filter((f) => f.name === given);
  if (named.length === 1) return named[0]!.id;
  if (named.length > 1) {
    const ids = named.map((f) => String(f.id));
    throw new CliError(wordsWith(m.cli_folder_ambiguous, (locale) => ({ ...counted(named.length), name: given, ids: new Intl.ListFormat(locale, { type: 'unit' }).format(ids) })), EXIT.usage, 'usage');
  }
  // Not found is an answer about the library, not a mistake in the command (exit 1, as for a missing file).
  if (!options.create) throw new CliError(words(m.cli_folder_not_found, { name: given }), EXIT.someFailed, 'not_found');
  const created = await cli.call('folders:create', { name: given });
  // The library creates folders through its outbox: a new folder has a local (negative) id
  // until the service has answered with its own.
  const id = created.id >= 0 ? created.id : await serviceId(cli, given);
  if (id === null) {
    throw new CliError(words(m.cli_folder_not_created_yet, { name: given }), EXIT.someFailed, 'offline');
  }
  out.warn(m.cli_folder_created({ name: given, id: String(id) }));
  return id;
}

const WAIT_FOR_FOLDER_MS = 20_000;

async function serviceId(cli: Cli, name: string): Promise<number | null> {
  for (let waited = 0; waited < WAIT_FOR_FOLDER_MS; waited += 100) {
    const folder = (await cli.call('folders:list')).folders.find((f) => f.name === name && f.id >= 0);
    if (folder) return folder.id;
    if (cli.offline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}
