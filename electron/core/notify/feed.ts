// What becomes a notification: a finished batch (its counts and links, written by the one
// export writer in each destination's format), an upload that failed for good, a queue that
// cannot go on (the key refused, the storage full) and takedowns found. Each is published to
// the notifier, which queues it for the destinations that receive that event.
import { z } from 'zod';
import type { ExportFormat } from '../../../shared/export-formats.ts';
import type { AccountSession } from '../accounts/session.ts';
import type { EventHub } from '../rpc/events.ts';
import { exportPieces, type ExportTally } from '../export/writer.ts';
import { exportVideos } from '../export/sources.ts';
import type { Notifier } from './notifier.ts';
import { followUploads } from './upload-events.ts';
import type { SessionPool } from '../accounts/pool.ts';

/** A batch message lists at most this many videos (a chat message is cut shorter by its kind). */
const MAX_LINKS = 200;

/**
 * The takedown watch's account event (issue 29, `links:takedownsFound`): followed by name, so
 * this works as soon as that event is in the contract, and is checked here by its own schema.
 */
export const TAKEDOWNS_EVENT = 'links:takedownsFound';
const TakedownsFound = z.object({ count: z.number().int().min(0), videos: z.array(z.object({ id: z.string(), title: z.string().nullable() })).max(10_000) });

export interface FeedDeps {
  pool: Pick<SessionPool, 'onOpen' | 'openAccounts'>;
  notifier: Notifier;
  events: Pick<EventHub, 'subscribe'>;
  /** The account's name as the person gave it. */
  accountName: (accountId: string) => string;
  /** Whether the service refuses an account's key now, and a subscription to its verdicts. */
  keyRefused: (accountId: string) => boolean;
  onKeyVerdict: (listener: (accountId: string) => void) => () => void;
  sessionStartedAt: number;
  now?: () => number;
}

/** The batch's links since `from`, in `format`, through the export writer (history source: the library's record, else the history's links). */
export function batchLinks(session: AccountSession, from: number, format: ExportFormat, sessionStartedAt: number): string {
  const tally: ExportTally = { count: 0, written: 0 };
  const videos = exportVideos({ store: session.library.store, db: session.db, sessionStartedAt }, { kind: 'history', filter: { from } });
  let text = '';
  for (const piece of exportPieces(videos, { format }, tally, MAX_LINKS)) text += piece;
  return text;
}

export function feedNotifications(deps: FeedDeps): () => void {
  const { notifier } = deps;
  // One message per refusal: the verdict is told again on each refused call.
  const blockedOn = new Set<string>();
  followUploads(
    deps.pool,
    {
      uploadFinished: (accountId, session, { job, outcome }) => {
        if (outcome !== 'failed') return;
        const account = deps.accountName(accountId);
        notifier.publish('uploadFailed', () => ({ event: 'uploadFailed', account, file: job.name, code: job.error?.code ?? 'internal', message: job.error?.message ?? '' }));
        if (storageFull(session, job.size) && !blockedOn.has(`${accountId}:storage`)) {
          blockedOn.add(`${accountId}:storage`);
          notifier.publish('queueBlocked', () => ({ event: 'queueBlocked', account, reason: 'storage-full' }));
        }
      },
      batchFinished: (accountId, session, result, _uploads, from) => {
        blockedOn.delete(`${accountId}:storage`);
        const account = deps.accountName(accountId);
        notifier.publish('batchFinished', (destination) => ({
          event: 'batchFinished',
          account,
          done: result.done,
          failed: result.failed,
          format: destination.format,
          links: result.done > 0 ? batchLinks(session, from, destination.format, deps.sessionStartedAt) : '',
        }));
      },
    },
    deps.now,
  );
  const offVerdict = deps.onKeyVerdict((accountId) => {
    if (!deps.keyRefused(accountId)) {
      blockedOn.delete(`${accountId}:key`);
      return;
    }
    const session = deps.pool.openAccounts().find((open) => open.id === accountId)?.session;
    const totals = session?.uploads.totals();
    if (!totals || totals.waiting + totals.active === 0 || blockedOn.has(`${accountId}:key`)) return;
    blockedOn.add(`${accountId}:key`);
    notifier.publish('queueBlocked', () => ({ event: 'queueBlocked', account: deps.accountName(accountId), reason: 'key-refused' }));
  });
  const offTakedowns = deps.events.subscribe((name, payload, accountId) => {
    if ((name as string) !== TAKEDOWNS_EVENT || accountId === null) return;
    const found = TakedownsFound.safeParse(payload);
    if (!found.success || found.data.count === 0) return;
    const account = deps.accountName(accountId);
    notifier.publish('takedownsFound', () => ({ event: 'takedownsFound', account, count: found.data.count, videos: found.data.videos.slice(0, MAX_LINKS) }));
  });
  return () => {
    offVerdict();
    offTakedowns();
  };
}

/** The account's storage, as last fetched, has no room left for a file of this size. */
function storageFull(session: AccountSession, size: number): boolean {
  const left = session.library.account.accountView().account?.storageLeftKb;
  return left !== null && left !== undefined && left * 1024 < size;
}
