// The uploads part of the contract's handler table. Every path from the renderer must be
// one the person granted (a dialog result or a dropped file): a compromised page cannot
// name arbitrary files.
import { AppError } from '../../../shared/errors.ts';
import type { PathGrants } from '../files/grants.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import type { UploadEngine } from './engine.ts';
import { historyVideos } from './history.ts';
import { formatLinks } from '../../../shared/link-formats.ts';
import { formatBbcode } from '../../../shared/link-templates.ts';

export type UploadHandlers = Pick<
  Handlers,
  | 'uploads:list'
  | 'uploads:add'
  | 'uploads:pause'
  | 'uploads:resume'
  | 'uploads:cancel'
  | 'uploads:retry'
  | 'uploads:clearFinished'
  | 'uploads:retryFailed'
  | 'uploads:cancelWaiting'
  | 'uploads:move'
  | 'uploads:history'
  | 'uploads:historyLinks'
>;

export function createUploadHandlers(engine: UploadEngine, grants: Pick<PathGrants, 'isGranted'>): UploadHandlers {
  return {
    'uploads:list': () => engine.list(),
    'uploads:add': async ({ paths, folderId }) => {
      const refused = paths.filter((path) => !grants.isGranted(path));
      if (refused.length > 0) {
        throw new AppError(
          'validation',
          refused.length === 1
            ? 'Vidlift may only upload files you chose or dropped onto the window, and this one was not among them. Drop it or pick it again.'
            : `Vidlift may only upload files you chose or dropped onto the window; ${refused.length} of these were not among them. Drop them or pick them again.`,
          { retryable: false },
        );
      }
      return engine.add(paths, folderId);
    },
    'uploads:pause': (input) => engine.pause(input?.id),
    'uploads:resume': (input) => engine.resume(input?.id),
    'uploads:cancel': ({ id }) => engine.cancel(id),
    'uploads:retry': ({ id }) => engine.retry(id),
    'uploads:clearFinished': () => engine.clearFinished(),
    'uploads:retryFailed': () => engine.retryFailed(),
    'uploads:cancelWaiting': () => engine.cancelWaiting(),
    'uploads:move': ({ id, folderId }) => engine.move(id, folderId),
    'uploads:history': (filter) => engine.history(filter),
    'uploads:historyLinks': ({ filter, format }) => {
      const videos = historyVideos(engine.database, filter);
      const text = format === 'bbcode' ? videos.map((video) => formatBbcode(video, 'url')).join('\n') : formatLinks(videos, format);
      return { text, count: videos.length };
    },
  };
}
