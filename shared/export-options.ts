// What an export is made of: where its videos come from (the source kinds), the format with
// its options (shared/export-formats.ts is the format table), and the token a file export is
// cancelled by. The core reads the source and writes the format (electron/core/export/).
import { z } from 'zod';
import { FolderId } from './model.ts';
import { VideoSelection, VideoQuery } from './selection.ts';
import { HistoryFilter } from './history.ts';
import { EXPORT_FORMATS, MAX_TEMPLATE_CHARS } from './export-formats.ts';

export const ExportFormat = z.enum(EXPORT_FORMATS);

/** The source kinds: one row each, read by electron/core/export/sources.ts. */
export const ExportSource = z.discriminatedUnion('kind', [
  /** Videos picked in the library (ids and spans of a listing). */
  z.strictObject({ kind: z.literal('selection'), selection: VideoSelection }),
  z.strictObject({ kind: z.literal('folder'), folderId: FolderId }),
  /** A listing as shown: a folder with its sort and search, or the library-wide search. */
  z.strictObject({ kind: z.literal('listing'), query: VideoQuery }),
  /** The uploads finished since Vidlift started. */
  z.strictObject({ kind: z.literal('session') }),
  /** The upload history's finished uploads that match the filter. */
  z.strictObject({ kind: z.literal('history'), filter: HistoryFilter.omit({ limit: true, after: true, outcome: true }) }),
  /** Every video of the library. */
  z.strictObject({ kind: z.literal('library') }),
  /**
   * The link map (shared/links.ts): each video uploaded again in a dead one's place; CSV and
   * JSON write the pairs' columns (old and new id, download and embed links, when).
   */
  z.strictObject({ kind: z.literal('linkMap') }),
]);
export type ExportSource = z.infer<typeof ExportSource>;
export type ExportSourceKind = ExportSource['kind'];

export const ExportOptions = z.strictObject({
  format: ExportFormat,
  /** The iframe's size. */
  width: z.number().int().min(100).max(4000).optional(),
  height: z.number().int().min(100).max(4000).optional(),
  /** For `template`: `{title}`, `{download}`, `{embed}`, `{thumbnail}`, `{size}`, `{folder}`, `{id}`. */
  template: z.string().max(MAX_TEMPLATE_CHARS).optional(),
});
export type ExportOptions = z.infer<typeof ExportOptions>;

export const ExportPreview = z.object({ text: z.string(), count: z.number().int().min(0), shown: z.number().int().min(0) });
export type ExportPreview = z.infer<typeof ExportPreview>;

/**
 * Names one running export so it can be cancelled (export:cancel), in the manner of VS Code's
 * cancellation tokens: the caller makes it (a random UUID) and passes it with the start call.
 */
export const ExportId = z.uuid();
export type ExportId = z.infer<typeof ExportId>;
