// One video as one export entry, in each format (the one place for each format's escaping is
// shared/link-formats.ts and shared/link-templates.ts; this adds the download-link list, the
// iframe size and the export's CSV/JSON columns).
import type { Video } from '../../../shared/model.ts';
import type { ExportOptions } from '../../../shared/export-options.ts';
import { csvRow, formatLink } from '../../../shared/link-formats.ts';
import { checkTemplate, formatBbcode, renderTemplate, TemplateError } from '../../../shared/link-templates.ts';
import { AppError } from '../../../shared/errors.ts';

/** A video as an export sees it: what the library knows, plus its folder's name and the file's length when known. */
export interface ExportVideo extends Video {
  folder: string;
  durationSeconds: number | null;
}

/** The CSV and JSON columns (issue 13: id, title, size, length if known, views, created, folder, links, thumbnail). */
export const EXPORT_COLUMNS = ['id', 'title', 'size', 'lengthSeconds', 'views', 'created', 'folder', 'download', 'embed', 'thumbnail'] as const;

function columns(video: ExportVideo): Record<(typeof EXPORT_COLUMNS)[number], string | number | null> {
  return {
    id: video.id,
    title: video.name,
    size: video.size,
    lengthSeconds: video.durationSeconds,
    views: video.views,
    created: video.createdAt,
    folder: video.folder,
    download: video.downloadUrl,
    embed: video.embedUrl,
    thumbnail: video.thumbnailUrl,
  };
}

const escapeAttr = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Refuses bad options (an unknown placeholder) before anything is written. */
export function checkOptions(options: ExportOptions): void {
  if (options.format !== 'template') return;
  try {
    checkTemplate(options.template ?? '');
  } catch (error) {
    if (error instanceof TemplateError) throw new AppError('validation', error.message, { retryable: false });
    throw error;
  }
}

/** What comes before the first entry (CSV's header, JSON's bracket) and after the last. */
export function exportFrame(options: ExportOptions): { head: string; tail: (count: number) => string } {
  if (options.format === 'csv') return { head: csvRow(EXPORT_COLUMNS) + '\n', tail: () => '' };
  if (options.format === 'json') return { head: '[', tail: (count) => (count === 0 ? ']\n' : '\n]\n') };
  return { head: '', tail: () => '' };
}

/** One entry, with what separates it from the one before (`index` counts from 0). */
export function exportEntry(video: ExportVideo, options: ExportOptions, index: number): string {
  switch (options.format) {
    case 'download':
      return `${video.downloadUrl}\n`;
    case 'embed':
      return `${video.embedUrl}\n`;
    case 'iframe': {
      const size = `width="${options.width ?? 640}" height="${options.height ?? 360}"`;
      return `<iframe src="${escapeAttr(video.embedUrl)}" title="${escapeAttr(video.name)}" ${size} frameborder="0" allowfullscreen></iframe>\n`;
    }
    case 'bbcode':
      return `${formatBbcode(video, 'url')}\n`;
    case 'bbcode-img':
      return `${formatBbcode(video, 'img')}\n`;
    case 'markdown':
    case 'html':
      return `${formatLink(video, options.format)}\n`;
    case 'csv':
      return csvRow(Object.values(columns(video))) + '\n';
    case 'json':
      return `${index === 0 ? '\n  ' : ',\n  '}${JSON.stringify(columns(video))}`;
    case 'template':
      return `${renderTemplate(options.template ?? '', { ...video, size: video.size, folder: video.folder })}\n`;
  }
}
