// The background-work screens (issue 30) in Arabic and German, in Chromium against a stand-in
// bridge: the upload queue with rows in several states, the watch folders and the changes
// waiting for the service speak the language in force; in Arabic the window lays out right to
// left, a progress bar fills from the right and file names keep their own direction. Each is
// shot light and dark into test-results/screens/i18n-<locale>-*.png to be looked at.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { flushSync, mount } from 'svelte';
import '../../../../renderer/src/styles/app.css';
import Uploads from '../../../../renderer/src/views/Uploads.svelte';
import WatchFolders from '../../../../renderer/src/components/watch/WatchFolders.svelte';
import OutboxPanel from '../../../../renderer/src/components/outbox/OutboxPanel.svelte';
import { uploads } from '../../../../renderer/src/lib/state/uploads.svelte.ts';
import { library } from '../../../../renderer/src/lib/state/library.svelte.ts';
import { outbox } from '../../../../renderer/src/lib/state/outbox.svelte.ts';
import { accounts } from '../../../../renderer/src/lib/state/accounts.svelte.ts';
import type { Locale } from '../../../../shared/i18n/index.ts';
import { applyDocumentLocale, windowLocale } from '../../../../renderer/src/lib/i18n.svelte.ts';
import { loadCatalog } from '../../../../renderer/src/lib/catalog.svelte.ts';
import { LOCALES } from '../../../../shared/i18n/locales.ts';
import type { OutboxItem, UploadJob } from '../../../../shared/model.ts';
import type { UploadsQuery } from '../../../../shared/upload-queue.ts';
import { DEFAULT_WATCH_EXCLUDE, type WatchFolder } from '../../../../shared/watch.ts';
import { fresh, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { windowOf } from '../queue-stub.ts';
import { mountPlace } from '../mount-place.ts';

const MB = 1024 * 1024;
let stub: StubBridge;

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

const job = (id: number, name: string, state: UploadJob['state'], extra: Partial<UploadJob> = {}): UploadJob => ({
  id, path: `/home/me/Videos/${name}`, name, size: 120 * MB, folderId: 7, state, bytesSent: 0, attempts: 0, error: null, restarted: false,
  videoId: null, downloadUrl: null, embedUrl: null, createdAt: id, finishedAt: state === 'done' ? 100 + id : null, ...extra,
});
// Latin and Arabic names both: each keeps its own direction inside the other's layout.
const JOBS = [
  job(1, 'Harbour at dawn.mp4', 'uploading', { bytesSent: 48 * MB }),
  job(2, 'رحلة الصيف 2024.mp4', 'paused', { bytesSent: 30 * MB }),
  job(3, 'interview-take-2.mov', 'waiting'),
  job(4, 'drone footage (raw).mp4', 'failed', { error: { code: 'server', message: 'The file server answered 502.', retryable: true } }),
  job(5, 'birthday.mp4', 'done', { finishedAt: 200, downloadUrl: 'https://h.test/d/abc', verification: { title: { status: 'same' }, folder: 'found' } }),
  job(6, 'old-cut.mp4', 'cancelled', { finishedAt: 190 }),
];

const watchEntry = (extra: Partial<WatchFolder>): WatchFolder => ({
  id: 'w1', path: '/home/me/Videos/OBS', folderId: 7, enabled: true, includeSubfolders: true, include: ['**/*.mp4'],
  exclude: [...DEFAULT_WATCH_EXCLUDE], settleSeconds: 10, moveUploaded: true, ...extra,
});

const OUTBOX: OutboxItem[] = [
  { id: 1, kind: 'subtitle.file', summary: 'Add en subtitles to Harbour at dawn.mp4', state: 'refused', error: 'The service cannot take subtitle files yet.', createdAt: 1, target: 'video:v1', blockedBy: null },
  { id: 2, kind: 'video.rename', summary: 'Rename Harbour at dawn.mp4 to Harbour.mp4', state: 'pending', error: null, createdAt: 2, target: 'video:v1', blockedBy: { id: 1, summary: 'Add en subtitles to Harbour at dawn.mp4', reason: null } },
  { id: 3, kind: 'folder.create', summary: 'Create folder Travel 2026', state: 'sending', error: null, createdAt: 3, target: 'folder:-1', blockedBy: null },
];

beforeEach(async () => {
  // The window's own size (the runner's default frame is a phone's 414 px).
  await page.viewport(1000, 700);
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('uploads:list', (query) => windowOf(JOBS, query as UploadsQuery));
  stub.handle('folders:list', () => ({ folders: [{ id: 7, name: 'Travel', parent: 0, code: 'c7', isPublic: false, openEmbed: false, files: 0, color: '', pending: null }], freshness: fresh }));
  stub.handle('videos:list', () => ({ items: [], total: 0, offset: 0, freshness: fresh }));
  stub.handle('watch:status', () => ({ folders: [] }));
  accounts.show('account-1');
  await library.loadFolders();
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  uploads.reset();
  outbox.items = [];
  accounts.show(null);
});

const place = mountPlace('height: 560px; width: 900px; display: flex; flex-direction: column; background: var(--bg); color: var(--text);');

beforeEach(() => {
  const style = document.createElement('style');
  style.textContent = '.screen { display: flex; flex-direction: column; height: 100%; }';
  place.target.append(style);
});

afterAll(() => speak('en'));

/** The language in force for the whole document, as the window sets it: messages, lang and dir. */
function speak(locale: Locale): void {
  windowLocale.choice = locale;
  applyDocumentLocale(locale);
}

async function shoot(name: string, element: HTMLElement = place.target): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    document.documentElement.dataset.theme = theme;
    await page.screenshot({ path: `../../../../test-results/screens/${name}-${theme}.png`, element });
  }
  delete document.documentElement.dataset.theme;
}

const WORDS = {
  ar: { uploading: 'جارٍ الرفع', paused: 'متوقف مؤقتًا', watching: 'قيد المراقبة', outbox: 'التغييرات المعلّقة', refused: 'مرفوض' },
  de: { uploading: 'Lädt hoch', paused: 'Pausiert', watching: 'Wird überwacht', outbox: 'Ausstehende Änderungen', refused: 'abgelehnt' },
} as const;

for (const locale of ['ar', 'de'] as const) {
  // The window loads a language's catalog on first use (catalog.svelte.ts); these switch at once.
beforeAll(() => Promise.all(LOCALES.map(loadCatalog)));

describe(`the background-work screens in ${locale}`, () => {
    beforeEach(() => speak(locale));

    it('words the upload queue, fills the progress bar from the start side, and keeps each name in its own direction', async () => {
      await uploads.load();
      place.component = mount(Uploads, { target: place.target });
      await settle();
      const row = place.target.querySelector<HTMLElement>('.job[data-state="uploading"]')!;
      expect(row.textContent).toContain(WORDS[locale].uploading);
      expect(place.target.querySelector('.job[data-state="paused"]')!.textContent).toContain(WORDS[locale].paused);
      // The bar fills from the side the language reads from.
      const bar = row.querySelector<HTMLElement>('.progress')!.getBoundingClientRect();
      const fill = row.querySelector<HTMLElement>('.progress > span')!.getBoundingClientRect();
      expect(fill.width).toBeGreaterThan(0);
      expect(fill.width).toBeLessThan(bar.width);
      if (locale === 'ar') expect(Math.abs(fill.right - bar.right)).toBeLessThan(1);
      else expect(Math.abs(fill.left - bar.left)).toBeLessThan(1);
      // A name reads in its own direction, isolated: a Latin name stays left to right in the
      // Arabic layout, and sits on the start side of the row like any other.
      const name = row.querySelector<HTMLElement>('.name')!;
      expect(name.firstElementChild?.tagName).toBe('BDI');
      expect(getComputedStyle(name).direction).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const nameBox = name.getBoundingClientRect();
      const rowBox = row.getBoundingClientRect();
      if (locale === 'ar') expect(rowBox.right - nameBox.right).toBeLessThan(30);
      else expect(nameBox.left - rowBox.left).toBeLessThan(30);
      await shoot(`i18n-${locale}-uploads-queue`);
    });

    it('words the watch folders and their states', async () => {
      place.component = mount(WatchFolders, {
        target: place.target,
        props: { folders: [watchEntry({}), watchEntry({ id: 'w2', path: '/mnt/unplugged/Recordings', enabled: true })], save: async () => undefined },
      });
      await settle();
      stub.emit('watch:changed', {
        folders: [
          { id: 'w1', state: 'watching', lastFile: 'stream-2026-11-22.mp4', scanning: false, problem: null },
          { id: 'w2', state: 'missing', lastFile: null, scanning: false, problem: null },
        ],
      });
      await settle();
      const items = Array.from(place.target.querySelectorAll<HTMLElement>('li.watch-item'));
      expect(items[0]!.textContent).toContain(WORDS[locale].watching);
      expect(getComputedStyle(items[0]!.querySelector('.path')!).direction).toBe('ltr');
      await shoot(`i18n-${locale}-watch-folders`);
    });

    it('words the changes waiting for the service', async () => {
      outbox.items = OUTBOX;
      place.component = mount(OutboxPanel, { target: place.target, props: { onclose: () => undefined } });
      await settle();
      const panel = place.target.querySelector<HTMLElement>('#outbox-panel')!;
      expect(panel.getAttribute('aria-label')).toBe(WORDS[locale].outbox);
      expect(panel.textContent).toContain(WORDS[locale].refused);
      // The panel opens beside the sidebar, which is on the start side of the language.
      const box = panel.getBoundingClientRect();
      if (locale === 'ar') expect(Math.round(innerWidth - box.right)).toBe(212);
      else expect(Math.round(box.left)).toBe(212);
      await shoot(`i18n-${locale}-outbox`, panel);
    });
  });
}
