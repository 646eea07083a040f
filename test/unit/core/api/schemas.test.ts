// The service's links are read as links only when they are http or https (issue 27 item 9): a
// hostile service's `javascript:` or `data:` address is treated as absent before anything
// stores, shows or exports it.
import { describe, expect, it } from 'vitest';
import * as s from '../../../../electron/core/api/schemas.ts';

const HOSTILE = ['javascript:alert(document.cookie)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'not a link'];

const reply = (link: string) => ({
  id: 'abcdefghijkl',
  createdAt: '2024-05-01 10:00:00',
  isPublic: true,
  views: 0,
  name: 'clip',
  size: 10,
  skipIntro: 0,
  links: { download: link, embed: link },
  images: { single: link, thumbnail: link, splash: link },
});

describe('service link fields', () => {
  it.each(HOSTILE)('reads %j as no link', (link) => {
    const video = s.video.parse(reply(link));
    expect(video.links).toEqual({ download: '', embed: '' });
    expect(video.images).toEqual({ single: '', thumbnail: '', splash: '' });
    expect(s.copied.parse({ id: 'abcdefghijkl', links: { download: link, embed: link } }).links).toEqual({ download: '', embed: '' });
    expect(s.thumbnail.parse({ url: link, message: 'ok' }).url).toBe('');
    expect(s.subtitle.parse({ subtitle: { language: 'en', url: link } }).subtitle.url).toBe('');
  });

  it('keeps http and https links as they are, and an empty one empty', () => {
    expect(s.video.parse(reply('https://h.test/e/abc?x=1')).links.embed).toBe('https://h.test/e/abc?x=1');
    expect(s.video.parse(reply('http://h.test/d/abc')).links.download).toBe('http://h.test/d/abc');
    expect(s.video.parse(reply('')).links.download).toBe('');
  });
});
