// The uploads part of the contract's handler table. Every path from the renderer must be
// one the person granted (a dialog result or a dropped file): a compromised page cannot
// name arbitrary files.
import { AppError } from '../../../shared/errors.ts';
import type { PathGrants } from '../files/grants.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import type { UploadEngine } from './engine.ts';
import type { UploadsSummary } from '../../../shared/upload-queue.ts';
import { said } from '../../../shared/said.ts';

type UploadHandlers = Pick<
  Handlers,
  | 'uploads:list'
  | 'uploads:jobs'
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
  | 'uploads:startNow'
>;

export function createUploadHandlers(engine: UploadEngine, grants: Pick<PathGrants, 'isGranted'>): UploadHandlers {
  return {
    'uploads:list': (query) => engine.view.window(query),
    'uploads:jobs': ({ ids }) => ({ jobs: engine.view.jobs(ids) }),
    'uploads:add': async ({ paths, folderId, anyway }) => {
      const refused = paths.filter((path) => !grants.isGranted(path));
      if (refused.length > 0) {
        throw new AppError(
          'validation',
          refused.length === 1 ? said('upload_not_granted_one') : said('upload_not_granted_many', { count: refused.length }),
          { retryable: false },
        );
      }
      return engine.add(paths, folderId, { anyway: anyway === true });
    },
    // A change answers the queue's figures; the window asks again for the rows it shows.
    'uploads:pause': (input) => summaryAfter(engine, () => engine.pause(input?.id, input?.when)),
    'uploads:resume': (input) => summaryAfter(engine, () => engine.resume(input?.id)),
    'uploads:cancel': ({ id }) => summaryAfter(engine, () => engine.cancel(id)),
    'uploads:retry': ({ id }) => summaryAfter(engine, () => engine.retry(id)),
    'uploads:clearFinished': () => summaryAfter(engine, () => engine.clearFinished()),
    'uploads:retryFailed': () => summaryAfter(engine, () => engine.retryFailed()),
    'uploads:cancelWaiting': () => summaryAfter(engine, () => engine.cancelWaiting()),
    'uploads:move': ({ id, folderId }) => summaryAfter(engine, () => engine.move(id, folderId)),
    'uploads:history': (filter) => engine.history(filter),
    'uploads:startNow': (input) => summaryAfter(engine, () => engine.startNow(input?.ids)),
  };
}

async function summaryAfter(engine: UploadEngine, change: () => void | Promise<void>): Promise<UploadsSummary> {
  await change();
  return engine.view.summary();
}
