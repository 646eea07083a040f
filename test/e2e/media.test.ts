// Media features end to end (issue 15), in Debian's Chromium against the real core and the
// sandbox host through the harness: a CP1251 subtitle previewed with proper Cyrillic and
// sent as UTF-8. Screens saved in light and dark and checked with axe-core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { makeVideo } from '../support/videos.ts';
import { dropFiles, newPage, shootAndCheck, until } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

const RUSSIAN = '1\r\n00:00:01.000 --> 00:00:03.500\r\nПривет! Это субтитры в кодировке Windows-1251.\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nСъешь же ещё этих мягких французских булок.\r\n\r\n5\r\n00:00:07,000 --> 00:00:09,000\r\nДа выпей чаю.\r\n';

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  await writeFile(join(harness.fixtureDir, 'russian.srt'), iconv.encode(RUSSIAN, 'windows-1251'));
  await makeVideo(join(harness.fixtureDir, 'street-music.mp4'), 'mp4-h264', { width: 640, height: 360, seconds: 6, blackSeconds: 1 });
  await makeVideo(join(harness.fixtureDir, 'just-sound.mp4'), 'audio-only-m4a', { seconds: 2 });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const row = (text: string) => page.locator('.videos [data-video-id]', { hasText: text }).first();

async function openVideo(folder: string, title: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Library' }).click();
  await page.locator('nav[aria-label="Folders"] button.folder', { hasText: folder }).first().click();
  await until(`${title} in the list`, () => row(title).isVisible());
  await row(title).click();
  return (await row(title).getAttribute('data-video-id')) ?? '';
}

describe('media in the browser', () => {
  it('media info: the queue shows length, size and codecs; a sound-only MP4 is refused in words; the library shows the local length', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Library' }).click();
    await page.locator('nav[aria-label="Folders"] button.folder', { hasText: 'Lisbon Weekend' }).first().click();
    await until('Lisbon videos', () => row('Tram 28').isVisible());
    await dropFiles(page, '.videos', ['street-music.mp4', 'just-sound.mp4']);
    await until('the refusal in words', async () => (await page.getByText('has no video in it').count()) > 0);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    const job = page.locator('.job', { hasText: 'street-music.mp4' });
    await until('the job with its facts', async () => ((await job.locator('.media').textContent()) ?? '').includes('640 × 360'));
    expect(await job.locator('.media').textContent()).toMatch(/^0:06 · 640 × 360 · AVC \/ AAC · [\d.]+ [kM]bit\/s$/);
    await until('the upload done', async () => (await job.getAttribute('data-state')) === 'done', 60_000);
    await shootAndCheck(page, 'media-info-queue');

    await openVideo('Lisbon Weekend', 'street-music');
    const local = page.locator('aside.details .local');
    await until('the local length', () => local.isVisible());
    expect(await local.textContent()).toMatch(/^Local file: 0:06 · 640 × 360 · AVC \/ AAC/);
    await shootAndCheck(page, 'media-info-details');
  });

  it('a CP1251 subtitle is previewed in proper Cyrillic, repaired, and sent as UTF-8', async () => {
    const videoId = await openVideo('Japan 2023', 'Nara deer park');
    const details = page.locator('aside.details');
    await details.getByLabel('Language').fill('ru');
    await page.locator('input[aria-label="Choose a subtitle file"]').setInputFiles({ name: 'russian.srt', mimeType: 'application/x-subrip', buffer: Buffer.from('x') });
    const preview = details.getByRole('region', { name: /Preview of/ });
    await until('the preview', () => preview.isVisible());
    expect(await preview.locator('.cues td.text').first().textContent()).toBe('Привет! Это субтитры в кодировке Windows-1251.');
    expect(await preview.getByLabel('Text encoding').inputValue()).toBe('windows-1251');
    const hints = (await preview.locator('p.hint').allTextContents()).join(' ');
    expect(hints).toContain('Cyrillic (Windows-1251)');
    expect(hints).toContain('numbered the cues 1, 2, 3');
    await preview.locator('details summary').click();
    expect(await preview.getByLabel('WebVTT preview').textContent()).toContain('00:00:04.000 --> 00:00:06.000\nСъешь же ещё');
    await shootAndCheck(page, 'subtitle-encoding-detected');

    // Read with the wrong encoding, the person sees mojibake, and goes back.
    await preview.getByLabel('Text encoding').selectOption('windows-1252');
    await until('the Latin-1 reading', async () => (await preview.locator('.cues td.text').first().textContent())?.startsWith('Ïðèâåò') ?? false);
    await shootAndCheck(page, 'subtitle-encoding-override');
    await preview.getByLabel('Text encoding').selectOption('windows-1251');
    await until('the Cyrillic again', async () => (await preview.locator('.cues td.text').first().textContent())?.startsWith('Привет') ?? false);

    await details.getByRole('button', { name: 'Attach', exact: true }).click();
    const stored = await until('the subtitle on the service', () => harness.host.control.videos().find((v) => v.id === videoId)?.subtitles.find((s) => s.language === 'ru'), 30_000);
    expect(stored?.vtt).toContain('Привет! Это субтитры в кодировке Windows-1251.');
    expect(stored?.vtt).toContain('00:00:07.000 --> 00:00:09.000\nДа выпей чаю.');
  });
});
