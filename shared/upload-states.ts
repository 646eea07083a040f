// The upload states and the queue view's filters as plain lists, without a schema library:
// the window counts and filters with them and its bundle carries no zod
// (shared/contract-names.ts). shared/model.ts and shared/upload-queue.ts build their schemas
// from these lists and re-export the helpers for main.
// Imports nothing: the schema files import it (an import back would be a circle).

type UploadState = (typeof UPLOAD_STATES)[number];
type UploadFilter = (typeof UPLOAD_FILTERS)[number];
type UploadCounts = Record<UploadState, number>;

export const UPLOAD_STATES = [
  'waiting', // queued, or back in the queue after a failure that will be retried / while offline
  'uploading',
  'finishing', // every byte sent, waiting for the file server's reply
  'paused',
  'done',
  'failed',
  'cancelled',
  // cancelled by the person, but its whole body may have reached the service (a reply lost):
  // it ends cancelled only once the service was asked and has no video of it, else done
  'cancelling',
  'changed', // the file changed or vanished since it was queued: not uploaded, the person decides
] as const;

export const UPLOAD_FILTERS = ['all', 'active', 'failed', 'done', 'cancelled'] as const;

/** The states each filter shows (null: every state). */
export const UPLOAD_FILTER_STATES: Record<UploadFilter, readonly UploadState[] | null> = {
  all: null,
  active: ['waiting', 'uploading', 'finishing', 'paused', 'cancelling'],
  failed: ['failed', 'changed'],
  // Done is what arrived: a cancelled file did not, so it has its own filter (issue 26).
  done: ['done'],
  cancelled: ['cancelled'],
};

/** Jobs still to be sent or being sent: they come first, in queue order. */
export const ACTIVE_UPLOAD_STATES: readonly UploadState[] = UPLOAD_FILTER_STATES.active!;

/** Counts of an empty queue: every state, none of each. */
export function emptyUploadCounts(): UploadCounts {
  return Object.fromEntries(UPLOAD_STATES.map((state) => [state, 0])) as UploadCounts;
}

/** How many jobs a filter shows, from the counts. */
export function countInFilter(counts: UploadCounts, filter: UploadFilter): number {
  const states = UPLOAD_FILTER_STATES[filter];
  return (states ?? UPLOAD_STATES).reduce((sum, state) => sum + (counts[state] ?? 0), 0);
}

/** An empty queue's figures (no uploads yet, or no account open); model.ts checks it is an UploadTotals. */
export const EMPTY_UPLOAD_TOTALS = { bytesSent: 0, bytesTotal: 0, speed: 0, etaSeconds: null as number | null, active: 0, waiting: 0, done: 0, failed: 0 };
