// The two export formats beyond shared/link-formats.ts: BBCode for forums, and a template the
// person writes with placeholders. Kept apart so the fixed formats (and the CLI using them) stay
// as they are; the same one place for each format's escaping.
import type { LinkVideo } from './link-formats.ts';

/** What BBCode and templates may use: the link fields plus what the library knows of the video. */
export type TemplateVideo = LinkVideo & { thumbnailUrl?: string; size?: number | null; folder?: string };

export const BBCODE_STYLES = ['url', 'img'] as const;
export type BbcodeStyle = (typeof BBCODE_STYLES)[number];

/**
 * BBCode has no escape: a bracket in a title would open or close a tag on most forums, so title
 * brackets become parentheses and line breaks spaces; brackets in a URL are percent-encoded.
 */
const bbText = (text: string) => text.replace(/\[/g, '(').replace(/\]/g, ')').replace(/[\r\n]+/g, ' ');
const bbUrl = (url: string) => url.replace(/[[\]\r\n]/g, encodeURIComponent);

/** `[url=embed]title[/url]`, or with `img` the thumbnail as the link's face. */
export function formatBbcode(video: TemplateVideo, style: BbcodeStyle): string {
  const link = bbUrl(video.embedUrl);
  if (style === 'img' && video.thumbnailUrl) return `[url=${link}][img]${bbUrl(video.thumbnailUrl)}[/img][/url]`;
  return `[url=${link}]${bbText(video.name)}[/url]`;
}

export const TEMPLATE_PLACEHOLDERS = ['id', 'title', 'download', 'embed', 'thumbnail', 'size', 'folder'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export class TemplateError extends Error {}

const PLACEHOLDER = /\{([a-z]+)\}/g;

/** Checks a template before it is used: every `{name}` must be a known placeholder. */
export function checkTemplate(template: string): void {
  // Spaces alone make no line a person can use either.
  if (template.trim().length === 0) throw new TemplateError('The template is empty: write the line each video gets, with placeholders such as {title} and {download}.');
  if (template.length > 10_000) throw new TemplateError('The template is longer than 10,000 characters.');
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name!)) {
      throw new TemplateError(`{${name}} is not a placeholder. Use ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`);
    }
  }
}

/** One video through a checked template; values go in as they are (the person chose the format). */
export function renderTemplate(template: string, video: TemplateVideo): string {
  const values: Record<TemplatePlaceholder, string> = {
    id: video.id,
    title: video.name,
    download: video.downloadUrl,
    embed: video.embedUrl,
    thumbnail: video.thumbnailUrl ?? '',
    size: video.size == null ? '' : String(video.size),
    folder: video.folder ?? '',
  };
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name as TemplatePlaceholder] ?? whole);
}
