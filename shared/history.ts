// The upload history: every finished, failed or cancelled upload, kept after "Clear finished"
// (electron/core/uploads/history.ts reads it), searchable and filterable, paged newest first.
import { z } from 'zod';
import { FolderId, Text } from './model.ts';
import { UploadVerification } from './upload-verification.ts';
import { SaidSchema } from './said-schema.ts';

export const HistoryOutcome = z.enum(['done', 'failed', 'cancelled']);
export type HistoryOutcome = z.infer<typeof HistoryOutcome>;

export const HistoryFilter = z.strictObject({
  /** Part of the file name or path. */
  search: Text.max(200).optional(),
  outcome: HistoryOutcome.optional(),
  folderId: FolderId.optional(),
  /** Finished at or after / before (epoch ms). */
  from: z.number().int().min(0).optional(),
  to: z.number().int().min(0).optional(),
  /** Keyset: the page after this entry (the last one of the previous page). */
  after: z.strictObject({ finishedAt: z.number().int(), id: z.number().int() }).optional(),
  limit: z.number().int().min(1).max(500),
});
export type HistoryFilter = z.infer<typeof HistoryFilter>;

/**
 * How one transfer attempt ended: done; failed for good; cut (the connection broke, stalled or
 * went offline: tried again); the file server answered with an error (tried again); paused
 * before it sent anything; cancelled; the app closed; a pause outlasted the patience, or the
 * file server dropped the paused connection; the file changed.
 */
export const AttemptOutcome = z.enum(['done', 'failed', 'cut', 'server-error', 'paused', 'cancelled', 'app-closed', 'pause-expired', 'pause-dropped', 'file-changed']);
export type AttemptOutcome = z.infer<typeof AttemptOutcome>;

export const UploadAttempt = z.object({
  /** 1 for the first attempt (a person's Retry counts from 1 again). */
  attempt: z.number().int(),
  startedAt: z.number(),
  /** null when Vidlift closed during it. */
  endedAt: z.number().nullable(),
  /** Bytes handed to the file server in this attempt (lost unless it ended done). */
  bytesSent: z.number(),
  /** Time it spent paused with its connection kept (not sending). */
  heldMs: z.number(),
  outcome: AttemptOutcome.nullable(),
  /** What the attempt ended with, said (old rows: their English, as written). */
  error: SaidSchema.nullable(),
});
export type UploadAttempt = z.infer<typeof UploadAttempt>;

export const HistoryEntry = z.object({
  id: z.number().int(),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  folderId: FolderId,
  startedAt: z.number().nullable(),
  finishedAt: z.number(),
  /**
   * Bytes per second while sending: the bytes of every attempt over the time they spent
   * sending (not the waits between retries, nor time paused); null when it never started.
   */
  averageSpeed: z.number().nullable(),
  /** Every transfer attempt, oldest first. */
  attempts: z.array(UploadAttempt).optional(),
  outcome: HistoryOutcome,
  videoId: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  embedUrl: z.string().nullable(),
  /** Why it failed, said (old rows: their English, as written). */
  error: SaidSchema.nullable(),
  /** What was checked once it landed (shared/upload-verification.ts); null when not done, or for older rows. */
  verification: UploadVerification.nullable().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryPage = z.object({ items: z.array(HistoryEntry), total: z.number().int().min(0) });
export type HistoryPage = z.infer<typeof HistoryPage>;
