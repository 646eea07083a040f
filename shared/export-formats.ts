// The export formats: one row each (its name, label, file extension and MIME type, whether it
// is data a program reads or text a person pastes, and how the export is written: what comes
// first, one video's entry, what comes last). Every export writes through this table: the
// Links menu's preview, the clipboard, the saved file and the command line's stdout
// (electron/core/export/writer.ts). Each escaping rule is written once, here.

/** One video as an export writes it; the fields are the CSV/JSON columns (EXPORT_COLUMNS). */
export interface ExportVideo {
  id: string;
  title: string;
  /** Bytes; null when only the upload history knows the video (not the library yet). */
  size: number | null;
  /** Known when this computer uploaded the file. */
  lengthSeconds: number | null;
  views: number | null;
  created: string | null;
  folder: string;
  download: string;
  embed: string;
  thumbnail: string;
  /** The link map's pair when the video was uploaded again in a dead one's place (the linkMap source). */
  pair?: ExportedPair;
}

/**
 * A link-map pair as an export writes it. Stated here, not imported from links.ts, so this table
 * imports nothing (links.ts → model.ts → notify.ts come back to it); links.ts's LinkMapPair is
 * checked to be one.
 */
export interface ExportedPair {
  oldId: string;
  newId: string;
  oldDownload: string;
  newDownload: string;
  oldEmbed: string;
  newEmbed: string;
  at: number;
}

/** The column set of every CSV and JSON export of videos, in order; CSV's header row names them. */
export const EXPORT_COLUMNS = ['id', 'title', 'size', 'lengthSeconds', 'views', 'created', 'folder', 'download', 'embed', 'thumbnail'] as const satisfies readonly (keyof ExportVideo)[];
/** The column set of the link map's CSV and JSON: each dead video's links beside its replacement's. */
export const LINK_MAP_COLUMNS = ['oldId', 'newId', 'oldDownload', 'newDownload', 'oldEmbed', 'newEmbed', 'at'] as const satisfies readonly (keyof ExportedPair)[];

/** Which columns a data format writes: the source decides (the linkMap source writes the pairs). */
export type ColumnSet = 'videos' | 'linkMap';
function columnsOf(video: ExportVideo, set: ColumnSet | undefined): [string, string | number | null][] {
  if (set === 'linkMap') {
    const pair = video.pair;
    return LINK_MAP_COLUMNS.map((column) => [column, column === 'at' ? (pair ? new Date(pair.at).toISOString() : null) : (pair?.[column] ?? null)]);
  }
  return EXPORT_COLUMNS.map((column) => [column, video[column]]);
}
const headerOf = (set: ColumnSet | undefined): readonly string[] => (set === 'linkMap' ? LINK_MAP_COLUMNS : EXPORT_COLUMNS);

/** What a format may take besides its name (the iframe's size, the template's text, the source's column set). */
export interface EntryOptions {
  width?: number;
  height?: number;
  template?: string;
  columns?: ColumnSet;
}

// ---- Escaping: one function per target language ----

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** HTML text and attribute values (the only escaping of the html and iframe formats). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * A cell that starts with = + - @ (or their full-width forms, a tab or a CR) gets a leading '
 * so a spreadsheet shows it as text instead of running it: titles come from whoever uploaded
 * the video, and `=cmd|' /C calc'!A0` or `=HYPERLINK(...)` would otherwise run when the file is
 * opened (OWASP "CSV injection"). Number cells stay numbers (a negative one too).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  // RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
/** One CSV record with its line end (RFC 4180: CRLF). */
export const csvRecord = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Markdown link text: brackets, backslashes and the characters that start emphasis or code. */
const markdownText = (text: string) => text.replace(/[\\[\]*_`<>]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
/** Markdown link target in angle brackets, so spaces and parentheses stay inside it. */
const markdownTarget = (url: string) => `<${url.replace(/[<>\r\n]/g, encodeURIComponent)}>`;

/**
 * BBCode has no escape: a bracket in a title would open or close a tag on most forums, so title
 * brackets become parentheses and line breaks spaces; brackets in a URL are percent-encoded.
 */
const bbText = (text: string) => text.replace(/\[/g, '(').replace(/\]/g, ')').replace(/[\r\n]+/g, ' ');
const bbUrl = (url: string) => url.replace(/[[\]\r\n]/g, encodeURIComponent);

// ---- The custom template ----

export const TEMPLATE_PLACEHOLDERS = ['id', 'title', 'download', 'embed', 'thumbnail', 'size', 'folder'] as const satisfies readonly (keyof ExportVideo)[];
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const MAX_TEMPLATE_CHARS = 10_000;
const PLACEHOLDER = /\{([a-z]+)\}/g;

export class TemplateError extends Error {}

/** Checks a template before it is used: every `{name}` must be a known placeholder. */
export function checkTemplate(template: string): void {
  // Spaces alone make no line a person can use either.
  if (template.trim().length === 0) throw new TemplateError('The template is empty: write the line each video gets, with placeholders such as {title} and {download}.');
  if (template.length > MAX_TEMPLATE_CHARS) throw new TemplateError('The template is longer than 10,000 characters.');
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name!)) {
      throw new TemplateError(`{${name}} is not a placeholder. Use ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`);
    }
  }
}

/** One video through a checked template; values go in as they are (the person chose the format). */
export function renderTemplate(template: string, video: ExportVideo): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => ((TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? String(video[name as TemplatePlaceholder] ?? '') : whole));
}

// ---- The table ----

interface FormatRow {
  /** What the window's menus call it. */
  label: string;
  /** The file name extension a saved export gets, and its media type. */
  extension: string;
  mime: string;
  /** data: records a program reads (every column); text: lines a person pastes. */
  kind: 'data' | 'text';
  /** What comes before the first entry (a data format's header names the source's columns). */
  head?: (options: EntryOptions) => string;
  /** One video; `index` counts from 0 (JSON's separator depends on it). */
  entry: (video: ExportVideo, options: EntryOptions, index: number) => string;
  /** What comes after the last entry, given how many were written. */
  tail?: (count: number) => string;
}

const line = (text: string) => `${text}\n`;

const FORMAT_TABLE = {
  download: { label: 'Download links, one per line', extension: 'txt', mime: 'text/plain', kind: 'text', entry: (v) => line(v.download) },
  embed: { label: 'Embed links, one per line', extension: 'txt', mime: 'text/plain', kind: 'text', entry: (v) => line(v.embed) },
  iframe: {
    label: 'HTML <iframe> embeds',
    extension: 'html',
    mime: 'text/html',
    kind: 'text',
    entry: (v, o) => line(`<iframe src="${escapeHtml(v.embed)}" title="${escapeHtml(v.title)}" width="${o.width ?? 640}" height="${o.height ?? 360}" frameborder="0" allowfullscreen></iframe>`),
  },
  bbcode: { label: 'BBCode [url]', extension: 'txt', mime: 'text/plain', kind: 'text', entry: (v) => line(`[url=${bbUrl(v.embed)}]${bbText(v.title)}[/url]`) },
  'bbcode-img': {
    label: 'BBCode [img] thumbnail + link',
    extension: 'txt',
    mime: 'text/plain',
    kind: 'text',
    // Without a thumbnail, the title is the link's face.
    entry: (v) => line(v.thumbnail ? `[url=${bbUrl(v.embed)}][img]${bbUrl(v.thumbnail)}[/img][/url]` : `[url=${bbUrl(v.embed)}]${bbText(v.title)}[/url]`),
  },
  markdown: { label: 'Markdown', extension: 'md', mime: 'text/markdown', kind: 'text', entry: (v) => line(`[${markdownText(v.title)}](${markdownTarget(v.embed)})`) },
  html: { label: 'HTML links', extension: 'html', mime: 'text/html', kind: 'text', entry: (v) => line(`<a href="${escapeHtml(v.embed)}">${escapeHtml(v.title)}</a>`) },
  csv: {
    label: 'CSV (spreadsheet)',
    extension: 'csv',
    mime: 'text/csv',
    kind: 'data',
    head: (o) => csvRecord(headerOf(o.columns)),
    entry: (v, o) => csvRecord(columnsOf(v, o.columns).map(([, value]) => value)),
  },
  json: {
    label: 'JSON',
    extension: 'json',
    mime: 'application/json',
    kind: 'data',
    head: () => '[',
    entry: (v, o, index) => `${index === 0 ? '\n  ' : ',\n  '}${JSON.stringify(Object.fromEntries(columnsOf(v, o.columns)))}`,
    tail: (count) => (count === 0 ? ']\n' : '\n]\n'),
  },
  template: { label: 'Custom template', extension: 'txt', mime: 'text/plain', kind: 'text', entry: (v, o) => line(renderTemplate(o.template ?? '', v)) },
} as const satisfies Record<string, FormatRow>;

export type ExportFormatName = keyof typeof FORMAT_TABLE;
export const EXPORT_FORMAT: Readonly<Record<ExportFormatName, FormatRow>> = FORMAT_TABLE;
export const EXPORT_FORMATS = Object.keys(FORMAT_TABLE) as [ExportFormatName, ...ExportFormatName[]];
/** A format's name (its schema, ExportFormat, is in export-options.ts: this table stays free of zod for the window). */
export type ExportFormat = ExportFormatName;
