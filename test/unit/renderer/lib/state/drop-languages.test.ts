// Drag and drop's notices (issue 30) in Russian and German, in Chromium against a stand-in
// bridge: the counts pick their plural form (Russian one/few/many: 21 файл, 3 файла, 5 файлов),
// the duplicates' reasons and the "Upload anyway" buttons are in the language in force, and the
// skipped files are still grouped by what is said. English is asserted where it was
// (everyday-minors.test.ts, the e2e uploads tests) and once here.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drop } from '../../../../../renderer/src/lib/state/drop.svelte.ts';
import { library } from '../../../../../renderer/src/lib/state/library.svelte.ts';
import { notices } from '../../../../../renderer/src/lib/state/notices.svelte.ts';
import { applyDocumentLocale, windowLocale } from '../../../../../renderer/src/lib/i18n.svelte.ts';
import { loadCatalog } from '../../../../../renderer/src/lib/catalog.svelte.ts';
import type { Locale } from '../../../../../shared/i18n/index.ts';
import type { UploadsAddResult } from '../../../../../shared/model.ts';
import { said } from '../../../../../shared/said.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../../bridge-stub.ts';

function speak(locale: Locale): void {
  windowLocale.choice = locale;
  applyDocumentLocale(locale);
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const duplicate = (path: string, kind: 'uploaded' | 'queued') => ({ path, reason: said(kind === 'uploaded' ? 'skip_already_uploaded' : 'skip_already_queued'), duplicate: kind });
const notVideo = (path: string) => ({ path, reason: said('skip_not_video') });

let stub: StubBridge;
/** Drops and answers as the core would; the notices it leaves, oldest first. */
async function dropAnswered(result: UploadsAddResult) {
  stub.handle('uploads:add', () => result);
  await drop.uploadPaths(['/d'], 0);
  return notices.items;
}

beforeAll(() => Promise.all((['ru', 'de'] as const).map(loadCatalog)));
afterAll(() => speak('en'));
beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
});
afterEach(() => {
  notices.clear();
  speak('en');
});

describe('a drop says what happened in the language in force', () => {
  it('Russian: one, few and many, reasons counted, the buttons worded', async () => {
    speak('ru');
    const folder = library.folderName(0);
    const [uploading, skipped] = await dropAnswered({
      added: ids(3),
      skipped: [duplicate('/d/a.mp4', 'uploaded'), duplicate('/d/b.mp4', 'uploaded'), notVideo('/d/c.txt'), notVideo('/d/d.txt'), notVideo('/d/e.txt')],
    });
    expect(uploading?.title).toBe(`Загружаются 3 файла в папку ${folder}`);
    expect(skipped?.title).toBe('Пропущено 5 файлов');
    expect(skipped?.text).toBe('2 разные причины');
    expect(skipped?.details?.[0]).toBe('a.mp4: Уже загружено (то же содержимое).');
    expect(skipped?.detailActions?.map((a) => a?.label ?? null)).toEqual(['Всё равно загрузить', 'Всё равно загрузить', null, null, null]);
    expect(skipped?.actions?.map((a) => a.label)).toEqual(['Всё равно загрузить все (2)']);

    notices.clear();
    const [many] = await dropAnswered({ added: ids(21), skipped: [] });
    expect(many?.title).toBe(`Загружается 21 файл в папку ${folder}`);
  });

  it('German: one file skipped for one reason, said as it is, with its one button', async () => {
    speak('de');
    const [uploading, skipped] = await dropAnswered({ added: ids(2), skipped: [duplicate('/d/a.mp4', 'queued')] });
    expect(uploading?.title).toBe(`2 Dateien werden in ${library.folderName(0)} hochgeladen`);
    expect(skipped?.title).toBe('1 Datei übersprungen');
    expect(skipped?.text).toBe('Bereits in der Upload-Warteschlange (gleicher Inhalt).');
    expect(skipped?.actions?.map((a) => a.label)).toEqual(['Trotzdem hochladen']);
  });

  it('English says it as before', async () => {
    const [uploading, skipped] = await dropAnswered({ added: ids(1), skipped: [duplicate('/d/a.mp4', 'uploaded'), duplicate('/d/b.mp4', 'queued')] });
    expect(uploading?.title).toBe(`Uploading 1 file into ${library.folderName(0)}`);
    expect(skipped?.title).toBe('2 files skipped');
    expect(skipped?.text).toBe('2 different reasons');
    expect(skipped?.actions?.map((a) => a.label)).toEqual(['Upload all 2 anyway']);
  });
});
