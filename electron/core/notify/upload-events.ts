// What notifications and hooks hear of every account's queue: each upload that ended (done or
// failed for good), and each batch that ended with the uploads it finished. Written once for
// both, over the session pool: an account opened later is followed too, one closed is let go.
import type { SessionPool } from '../accounts/pool.ts';
import type { AccountSession } from '../accounts/session.ts';
import type { BatchResult, FinishedJob } from '../uploads/engine.ts';

/** A batch's finished uploads kept for its end (a batch of a million files keeps the first of them). */
const MAX_KEPT_PER_BATCH = 1_000;

export interface UploadEventListener {
  uploadFinished?(accountId: string, session: AccountSession, finished: FinishedJob): void;
  /** `from`: when the batch's first upload ended (the export's history filter starts there). */
  batchFinished?(accountId: string, session: AccountSession, result: BatchResult, uploads: readonly FinishedJob[], from: number): void;
}

export function followUploads(pool: Pick<SessionPool, 'onOpen' | 'openAccounts'>, listener: UploadEventListener, now: () => number = Date.now): void {
  pool.onOpen((session) => {
    const accountId = pool.openAccounts().find((open) => open.session === session)?.id;
    if (accountId === undefined) return;
    let batch: { from: number; uploads: FinishedJob[] } | null = null;
    const offJob = session.uploads.onJobFinished((finished) => {
      batch ??= { from: finished.job.finishedAt ?? now(), uploads: [] };
      if (batch.uploads.length < MAX_KEPT_PER_BATCH) batch.uploads.push(finished);
      listener.uploadFinished?.(accountId, session, finished);
    });
    const offBatch = session.uploads.onBatchFinished((result) => {
      const ended = batch ?? { from: now(), uploads: [] };
      batch = null;
      listener.batchFinished?.(accountId, session, result, ended.uploads, ended.from);
    });
    return () => {
      offJob();
      offBatch();
    };
  });
}
