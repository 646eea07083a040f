// The export formats' names as the window says them, one for each row of the format table
// (shared/export-formats.ts): the Record's type makes a new format come with its words.
import type { ExportFormat } from '../../../shared/export-formats.ts';
import { m } from './i18n.svelte.ts';

const FORMAT_WORDS: Readonly<Record<ExportFormat, () => string>> = {
  download: m.export_format_download,
  embed: m.export_format_embed,
  iframe: m.export_format_iframe,
  bbcode: m.export_format_bbcode,
  'bbcode-img': m.export_format_bbcode_img,
  markdown: m.export_format_markdown,
  html: m.export_format_html,
  csv: m.export_format_csv,
  json: m.export_format_json,
  template: m.export_format_template,
};

export function exportFormatWords(format: ExportFormat): string {
  return FORMAT_WORDS[format]();
}
