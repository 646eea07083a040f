// The upload queue as the window sees it: a filter, a window of rows, and figures.
//
// A queue of 10,000 jobs is never sent whole (issue 16): `uploads:list` answers one window of
// the filtered queue (active jobs first, in queue order, then the rest newest first) with the
// counts per state; `uploads:changed` carries only the figures, at most four times a second,
// and the window asks again for the rows it shows.
import { z } from 'zod';
import { UploadJob, UploadState, UploadTotals } from './model.ts';
import { UploadsWaiting } from './upload-conditions.ts';
import { UPLOAD_FILTERS } from './upload-states.ts';

export { UPLOAD_FILTER_STATES, ACTIVE_UPLOAD_STATES, emptyUploadCounts, countInFilter } from './upload-states.ts';

export const UploadFilter = z.enum(UPLOAD_FILTERS);
export type UploadFilter = z.infer<typeof UploadFilter>;


/** Rows of one answer at most. */
export const MAX_UPLOADS_WINDOW = 500;

export const UploadsQuery = z.strictObject({
  filter: UploadFilter.optional(),
  offset: z.number().int().min(0).max(10_000_000).optional(),
  limit: z.number().int().min(1).max(MAX_UPLOADS_WINDOW).optional(),
});
export type UploadsQuery = z.infer<typeof UploadsQuery>;

/** Jobs in the queue view per state (cleared ones are in the history, not here). */
export const UploadCounts = z.record(UploadState, z.number().int().min(0));
export type UploadCounts = z.infer<typeof UploadCounts>;

export const UploadsSummary = z.object({
  counts: UploadCounts,
  totals: UploadTotals,
  paused: z.boolean(),
  /** Queued jobs wait for an upload window or for power (issue 31); null: they may start. */
  waiting: UploadsWaiting.nullable(),
});
export type UploadsSummary = z.infer<typeof UploadsSummary>;

export const UploadsView = UploadsSummary.extend({
  filter: UploadFilter,
  offset: z.number().int(),
  /** Jobs the filter shows in all; `jobs` holds those from `offset` on. */
  total: z.number().int(),
  jobs: z.array(UploadJob),
});
export type UploadsView = z.infer<typeof UploadsView>;

