import { describe, expect, it } from 'vitest';
import { checkTemplate, formatBbcode, renderTemplate, TemplateError, type TemplateVideo } from '../../../shared/link-templates.ts';

const tricky: TemplateVideo = {
  id: 'abc123',
  name: 'Say "hi", [b]bold[/b]\n<script>alert(1)</script>',
  embedUrl: 'https://host.example/e/abc123',
  downloadUrl: 'https://host.example/d/abc123',
  thumbnailUrl: 'https://img.example/t/abc[1].jpg',
  size: 1_048_576,
  folder: 'Trips/2026',
};

describe('BBCode', () => {
  it('keeps a title with brackets and line breaks from opening or closing tags', () => {
    const line = formatBbcode(tricky, 'url');
    expect(line).toBe('[url=https://host.example/e/abc123]Say "hi", (b)bold(/b) <script>alert(1)</script>[/url]');
    expect(line.match(/\[/g)).toHaveLength(2);
  });

  it('puts the thumbnail inside the link, its brackets percent-encoded, and falls back to the title without one', () => {
    expect(formatBbcode(tricky, 'img')).toBe('[url=https://host.example/e/abc123][img]https://img.example/t/abc%5B1%5D.jpg[/img][/url]');
    expect(formatBbcode({ ...tricky, thumbnailUrl: undefined }, 'img')).toBe(formatBbcode(tricky, 'url'));
  });
});

describe('custom template', () => {
  it('fills every placeholder', () => {
    const template = '{title} | {download} | {embed} | {thumbnail} | {size} | {folder} | {id}';
    checkTemplate(template);
    expect(renderTemplate(template, tricky)).toBe(
      `${tricky.name} | ${tricky.downloadUrl} | ${tricky.embedUrl} | ${tricky.thumbnailUrl} | 1048576 | Trips/2026 | abc123`,
    );
  });

  it('refuses an unknown placeholder and an empty template with a clear message', () => {
    expect(() => checkTemplate('{titel} {embed}')).toThrow(TemplateError);
    expect(() => checkTemplate('{titel} {embed}')).toThrow(/\{titel\} is not a placeholder. Use \{id\}, \{title\}/);
    expect(() => checkTemplate('')).toThrow(/empty/);
  });

  it('leaves text and unknown sizes as they are', () => {
    expect(renderTemplate('<a href="{embed}">{size}</a>', { ...tricky, size: null })).toBe('<a href="https://host.example/e/abc123"></a>');
  });
});
