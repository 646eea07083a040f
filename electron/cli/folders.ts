// --folder ID|NAME: a number is a folder id (0 is the top level); a name is looked up in the
// library and, when no folder has it, created on the service (operation 11 makes top-level
// folders only, as in the app).
import type { Cli } from './context.ts';
import { CliError, EXIT } from './context.ts';
import type { Output } from './output.ts';

export async function resolveFolder(cli: Cli, given: string | undefined, out: Output, options: { create: boolean }): Promise<number> {
  if (given === undefined || given === '') return 0;
  if (/^\d+$/.test(given)) return Number(given);
  const { folders } = await cli.call('folders:list');
  const named = folders.filter((f) => f.name === given);
  if (named.length === 1) return named[0]!.id;
  if (named.length > 1) {
    throw new CliError(`${named.length} folders are named “${given}” (ids ${named.map((f) => f.id).join(', ')}): give the id instead.`, EXIT.usage, 'usage');
  }
  // Not found is an answer about the library, not a mistake in the command (exit 1, as for a missing file).
  if (!options.create) throw new CliError(`No folder is named “${given}”. \`vidlift-cli ls\` lists the folders.`, EXIT.someFailed, 'not_found');
  const created = await cli.call('folders:create', { name: given });
  // The library creates folders through its outbox: a new folder has a local (negative) id
  // until the service has answered with its own.
  const id = created.id >= 0 ? created.id : await serviceId(cli, given);
  if (id === null) {
    throw new CliError(`The folder “${given}” is queued, but the service has not created it yet (offline?). Run the command again later.`, EXIT.someFailed, 'offline');
  }
  out.warn(`Created the folder “${given}” (id ${id}).`);
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
