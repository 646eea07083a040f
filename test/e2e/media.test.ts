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
import { newPage, shootAndCheck, until } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

const RUSSIAN = '1\r\n00:00:01.000 --> 00:00:03.500\r\nПривет! Это субтитры в кодировке Windows-1251.\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nСъешь же ещё этих мягких французских булок.\r\n\r\n5\r\n00:00:07,000 --> 00:00:09,000\r\nДа выпей чаю.\r\n';

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  await writeFile(join(harness.fixtureDir, 'russian.srt'), iconv.encode(RUSSIAN, 'windows-1251'));
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
