// The links screens' words (issue 30) in Russian, Arabic and German, in Chromium: counts pick
// their plural form (Russian few/many, Arabic two/few/many), the not-asked reason is worded per
// error code in the language in force, and a title or a written link keeps its own direction
// inside an Arabic row. English stays as the window said it before (links.test.ts asserts it).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import '../../../../renderer/src/styles/app.css';
import LinkHealthList from '../../../../renderer/src/components/links/LinkHealthList.svelte';
import FixPreview from '../../../../renderer/src/components/links/FixPreview.svelte';
import { recoverSummary, takedownsFoundText } from '../../../../renderer/src/lib/link-words.ts';
import { fixedName } from '../../../../renderer/src/lib/state/fix-links.svelte.ts';
import { applyDocumentLocale, windowLocale } from '../../../../renderer/src/lib/i18n.svelte.ts';
import { loadCatalog } from '../../../../renderer/src/lib/catalog.svelte.ts';
import type { Locale } from '../../../../shared/i18n/index.ts';
import type { LinkCheckResult } from '../../../../shared/link-text.ts';
import { mountPlace } from '../mount-place.ts';

const place = mountPlace('width: 760px;');

function speak(locale: Locale): void {
  windowLocale.choice = locale;
  applyDocumentLocale(locale);
}

// The window loads a language's catalog on first use (catalog.svelte.ts); these switch at once.
beforeAll(() => Promise.all((['ru', 'ar', 'de'] as const).map(loadCatalog)));
afterAll(() => speak('en'));

afterEach(() => speak('en'));

describe('counts pick their plural form', () => {
  it('in Russian and Arabic, and English is unchanged', () => {
    expect(takedownsFoundText({ count: 1, videos: [] }).title).toBe('1 video was taken down');
    expect(recoverSummary(2, 1)).toBe('2 videos queued to upload again · 1 video left out');
    speak('ru');
    expect(recoverSummary(1, 0)).toBe('1 видео в очереди на повторную загрузку');
    expect(recoverSummary(0, 5)).toBe('Ничего не поставлено в очередь · Пропущено видео: 5');
    speak('ar');
    expect(recoverSummary(2, 0)).toBe('مقطعا فيديو في قائمة الانتظار لإعادة الرفع');
    expect(recoverSummary(3, 0)).toMatch(/^\S+ مقاطع فيديو في قائمة الانتظار لإعادة الرفع$/);
    expect(recoverSummary(11, 0)).toMatch(/^\S+ مقطع فيديو في قائمة الانتظار لإعادة الرفع$/);
    expect(takedownsFoundText({ count: 1, videos: [] }).title).toBe('حُذف ببلاغ: فيديو واحد');
  });

  it('and a fixed file is named in the language spoken, its extension kept', () => {
    expect(fixedName({ path: '/p/post.txt', name: 'post.txt' })).toBe('post (fixed).txt');
    speak('de');
    expect(fixedName({ path: '/p/post.txt', name: 'post.txt' })).toBe('post (repariert).txt');
    expect(fixedName(null)).toBe('reparierte Links.txt');
  });
});

describe('the links found', () => {
  const check: LinkCheckResult = {
    encoding: { name: 'utf-8', bom: false },
    links: [
      { start: 0, end: 30, byteStart: 0, byteEnd: 30, kind: 'download', videoId: 'alivevideo01', written: 'https://h.test/d/alivevideo01/' },
      { start: 31, end: 60, byteStart: 31, byteEnd: 60, kind: 'embed', videoId: 'unknownvid01', written: 'https://h.test/e/unknownvid01' },
    ],
    videos: [{ videoId: 'alivevideo01', state: 'alive', title: 'Harbour at dawn (2).mp4' }],
    unknown: [{ videoId: 'unknownvid01', reason: 'offline' }],
    counts: { alive: 1, takenDown: 0, gone: 0, unknown: 1 },
  };
  const original = `${check.links[0]!.written} ${check.links[1]!.written}`;

  it('say in Arabic why the service could not be asked, and keep each title and link in its own direction', () => {
    speak('ar');
    place.component = mount(LinkHealthList, { target: place.target, props: { check, original, changes: [] } });
    flushSync();
    const list = place.target;
    const unknown = list.querySelector<HTMLElement>('[data-health="unknown"] .badge.pending')!;
    expect(unknown.textContent).toBe('غير معروف');
    expect(unknown.title).toBe('لا تعرف المكتبة هذا الفيديو، وتعذّر سؤال الخدمة: تعذّر الوصول إلى الخدمة.');
    const alive = list.querySelector<HTMLElement>('[data-health="alive"]')!;
    expect(alive.querySelector('.badge.ok')!.textContent).toBe('متاح');
    expect(alive.querySelector('.kind')!.textContent).toBe('تنزيل');
    // A title ending in neutral characters ("(2)", a trailing "/") would move them to the wrong end
    // of an Arabic line unless it is isolated.
    for (const cell of ['.title', '.written']) expect(alive.querySelector(`${cell} > bdi`)?.textContent).toBe(cell === '.title' ? 'Harbour at dawn (2).mp4' : 'https://h.test/d/alivevideo01/');
  });

  it('in German, with every unknown reason worded by its code', () => {
    speak('de');
    place.component = mount(LinkHealthList, { target: place.target, props: { check: { ...check, unknown: [{ videoId: 'unknownvid01', reason: 'unauthorized' }] }, original, changes: [] } });
    flushSync();
    const list = place.target;
    expect(list.querySelector<HTMLElement>('.badge.pending')!.title).toBe('Die Bibliothek kennt dieses Video nicht, und der Dienst konnte nicht gefragt werden: Der Dienst hat den API-Schlüssel abgelehnt.');
    expect(Array.from(list.querySelectorAll('.kind')).map((k) => k.textContent)).toEqual(['Download', 'Einbettung']);
  });
});

describe('the preview', () => {
  it('heads its columns and counts the lines it leaves out in the language spoken', () => {
    speak('ru');
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    const original = [...lines, 'https://h.test/d/deadvideo001'].join('\n');
    const fixed = original.replace('deadvideo001', 'newvideo0001');
    const start = original.indexOf('https://');
    const change = { start, end: start + 29, byteStart: start, byteEnd: start + 29, kind: 'download' as const, oldId: 'deadvideo001', newId: 'newvideo0001', before: 'https://h.test/d/deadvideo001', after: 'https://h.test/d/newvideo0001', newStart: start, newEnd: start + 29 };
    place.component = mount(FixPreview, { target: place.target, props: { original, fixed, changes: [change] } });
    flushSync();
    const preview = place.target;
    expect(Array.from(preview.querySelectorAll('[role="columnheader"]')).map((h) => h.textContent)).toEqual(['Строка', 'До', 'После']);
    // 498 lines before the change's context: "many" in Russian.
    expect(preview.querySelector('.gap')!.textContent).toMatch(/^… \S+ строк без изменений$/);
  });
});
