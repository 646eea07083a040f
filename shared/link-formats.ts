import { stringify } from 'csv-stringify/sync';
import type { Video } from './model.ts';

/** The ways a set of videos' links can be exported; one place for each format's escaping. */
export const LINK_FORMATS = ['plain', 'csv', 'markdown', 'html', 'iframe', 'json'] as const;
export type LinkFormat = (typeof LINK_FORMATS)[number];

export type LinkVideo = Pick<Video, 'id' | 'name' | 'embedUrl' | 'downloadUrl'>;

export const CSV_COLUMNS = ['id', 'name', 'embedUrl', 'downloadUrl'] as const;

/**
 * One CSV record, without its line end: the one CSV writer of every export (the Links menu,
 * the history, the command line). A cell starting with = + - @ (or their full-width forms,
 * a tab or a CR) gets a leading ' so a spreadsheet shows it as text instead of running it:
 * titles come from whoever uploaded the video, and `=cmd|' /C calc'!A0` or `=HYPERLINK(...)`
 * would otherwise run when the file is opened (OWASP "CSV injection"). Number cells stay
 * numbers (csv-stringify leaves a negative number alone).
 */
export function csvRow(cells: readonly (string | number | null)[]): string {
  return stringify([cells], { eof: false, escape_formulas: true });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Markdown link text: brackets, backslashes and the characters that start emphasis or code. */
const escapeMarkdownText = (text: string) => text.replace(/[\\[\]*_`<>]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
/** Markdown link target in angle brackets, so spaces and parentheses stay inside it. */
const markdownTarget = (url: string) => `<${url.replace(/[<>\r\n]/g, encodeURIComponent)}>`;

/** One video's line (or CSV row) in the given format, without a trailing newline. */
export function formatLink(video: LinkVideo, format: LinkFormat): string {
  switch (format) {
    case 'plain':
      return video.embedUrl;
    case 'csv':
      return csvRow(CSV_COLUMNS.map((c) => video[c]));
    case 'markdown':
      return `[${escapeMarkdownText(video.name)}](${markdownTarget(video.embedUrl)})`;
    case 'html':
      return `<a href="${escapeHtml(video.embedUrl)}">${escapeHtml(video.name)}</a>`;
    case 'iframe':
      return `<iframe src="${escapeHtml(video.embedUrl)}" title="${escapeHtml(video.name)}" allowfullscreen></iframe>`;
    case 'json':
      return JSON.stringify({ id: video.id, name: video.name, embedUrl: video.embedUrl, downloadUrl: video.downloadUrl });
  }
}

/** The whole export as one string (for the preview and the clipboard); CSV gets its header row. */
export function formatLinks(videos: readonly LinkVideo[], format: LinkFormat): string {
  if (format === 'json') return JSON.stringify(videos.map((v) => JSON.parse(formatLink(v, 'json'))), null, 2);
  const lines = videos.map((v) => formatLink(v, format));
  if (format === 'csv') lines.unshift(csvRow(CSV_COLUMNS));
  return lines.join('\n');
}
