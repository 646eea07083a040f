// The upload history: every finished, failed or cancelled upload, kept after "Clear finished"
// (electron/core/uploads/history.ts reads it), searchable and filterable, paged newest first.
import { z } from 'zod';
import { FolderId, Text } from './model.ts';
import { UploadVerification } from './upload-verification.ts';

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

export const HistoryEntry = z.object({
  id: z.number().int(),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  folderId: FolderId,
  startedAt: z.number().nullable(),
  finishedAt: z.number(),
  /** Bytes per second from the first start to the end; null when it never started. */
  averageSpeed: z.number().nullable(),
  outcome: HistoryOutcome,
  videoId: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  embedUrl: z.string().nullable(),
  error: z.string().nullable(),
  /** What was checked once it landed (shared/upload-verification.ts); null when not done, or for older rows. */
  verification: UploadVerification.nullable().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryPage = z.object({ items: z.array(HistoryEntry), total: z.number().int().min(0) });
export type HistoryPage = z.infer<typeof HistoryPage>;

/** The formats the history's links are copied in (shared/link-formats.ts, and BBCode). */
export const HistoryLinkFormat = z.enum(['plain', 'csv', 'markdown', 'html', 'iframe', 'json', 'bbcode']);
export type HistoryLinkFormat = z.infer<typeof HistoryLinkFormat>;
