// What an export is made of and how it is written (the Links menu, the save-to-file export):
// the source of the videos and the format. No formatting here (the core formats:
// electron/core/export/), so the page can import this without a CSV library.
import { z } from 'zod';
import { FolderId } from './model.ts';
import { VideoSelection, VideoQuery } from './selection.ts';
import { HistoryFilter } from './history.ts';

export const ExportSource = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('selection'), selection: VideoSelection }),
  z.strictObject({ kind: z.literal('folder'), folderId: FolderId }),
  z.strictObject({ kind: z.literal('listing'), query: VideoQuery }),
  /** The uploads finished since Vidlift started. */
  z.strictObject({ kind: z.literal('session') }),
  z.strictObject({ kind: z.literal('history'), filter: HistoryFilter.omit({ limit: true, after: true, outcome: true }) }),
  /** Every video of the library. */
  z.strictObject({ kind: z.literal('library') }),
]);
export type ExportSource = z.infer<typeof ExportSource>;

export const EXPORT_FORMATS = ['download', 'embed', 'iframe', 'bbcode', 'bbcode-img', 'markdown', 'html', 'csv', 'json', 'template'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  download: 'Download links, one per line',
  embed: 'Embed links, one per line',
  iframe: 'HTML <iframe> embeds',
  bbcode: 'BBCode [url]',
  'bbcode-img': 'BBCode [img] thumbnail + link',
  markdown: 'Markdown',
  html: 'HTML links',
  csv: 'CSV (spreadsheet)',
  json: 'JSON',
  template: 'Custom template',
};

/** The file name extension a format is saved with. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  download: 'txt', embed: 'txt', iframe: 'html', bbcode: 'txt', 'bbcode-img': 'txt', markdown: 'md', html: 'html', csv: 'csv', json: 'json', template: 'txt',
};

export const ExportOptions = z.strictObject({
  format: ExportFormat,
  /** The iframe's size. */
  width: z.number().int().min(100).max(4000).optional(),
  height: z.number().int().min(100).max(4000).optional(),
  /** For `template`: `{title}`, `{download}`, `{embed}`, `{thumbnail}`, `{size}`, `{folder}`, `{id}`. */
  template: z.string().max(10_000).optional(),
});
export type ExportOptions = z.infer<typeof ExportOptions>;

export const ExportPreview = z.object({ text: z.string(), count: z.number().int().min(0), shown: z.number().int().min(0) });
export type ExportPreview = z.infer<typeof ExportPreview>;
