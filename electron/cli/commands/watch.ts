// `watch DIR --folder ID`: the app's folder watcher (electron/core/watch): a file is queued
// once its size and time have stayed the same for the settle time, so a recording or a
// download is never sent half-written. Runs until Ctrl-C; the queue keeps what is waiting.
// The folder is granted at its real path and nothing else: a link in it that leads elsewhere
// is neither reported by the watcher nor readable through the grant (issue 27).
import { realpath } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { FolderWatcher } from '../../core/watch/folder-watcher.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT } from '../context.ts';
import { resolveFolder } from '../folders.ts';

export const watch: Command = {
  summary: 'Upload every finished video that appears in a folder',
  usage: 'watch DIR --folder ID|NAME [--settle SECONDS]',
  details: ['--settle  seconds a file must stay unchanged before it is queued (default 10)', 'Stops with Ctrl-C.'],
  options: { folder: { type: 'string' }, settle: { type: 'string' } },
  async run({ positionals, values, out, open, signal }) {
    if (positionals.length !== 1) throw new CliError('watch takes one folder to watch.', EXIT.usage, 'usage');
    const settle = values.settle === undefined ? 10 : Number(values.settle);
    if (!Number.isFinite(settle) || settle < 0.1 || settle > 3600) throw new CliError('--settle is a number of seconds from 0.1 to 3600.', EXIT.usage, 'usage');
    // The folder named, at its real path (one not there yet is watched as written, and waited for).
    const dir = await realpath(resolve(positionals[0]!)).catch(() => resolve(positionals[0]!));
    const cli = await open();
    try {
      const folderId = await resolveFolder(cli, typeof values.folder === 'string' ? values.folder : undefined, out, { create: true });
      cli.core.grantPath(dir);
      const watcher = new FolderWatcher({
        folder: dir,
        settleMs: settle * 1000,
        exclude: ['**/*.part', '**/*.crdownload', '**/*.tmp', '**/.*'],
        // The queue itself refuses a path it holds with the same size and time.
        isKnown: () => false,
        onFile: (file) => {
          void cli.call('uploads:add', { paths: [file.path], folderId }).then(
            (r) => {
              if (r.added.length > 0) out.say(`queued ${basename(file.path)}`);
            },
            (error: unknown) => out.warn(`${file.path}: ${(error as Error).message}`),
          );
        },
        onState: (state) =>
          out.warn(
            state === 'missing'
              ? `${dir} is missing; watching resumes when it is back.`
              : state === 'linked'
                ? `${dir} is now a link to another place; nothing there is uploaded until the folder itself is back.`
                : `${state} ${dir}`,
          ),
        onError: (error) => out.warn(error.message),
      });
      await watcher.start();
      await new Promise<void>((done) => signal.addEventListener('abort', () => done(), { once: true }));
      await watcher.stop();
      return EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};
