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
  await makeVideo(join(harness.fixtureDir, 'phone-clip.mkv'), 'mkv-hevc', { width: 640, height: 360, seconds: 2 });
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

  it('thumbnail from a frame: the uploaded MP4 plays locally, suggested frames skip black, the chosen frame lands on the host', async () => {
    const videoId = await openVideo('Lisbon Weekend', 'street-music');
    const details = page.locator('aside.details');
    await details.getByRole('button', { name: 'Pick a frame from street-music.mp4' }).click();
    const scrubber = details.getByLabel('Position in the video');
    await until('the video loaded', () => scrubber.isVisible());
    // The page only ever sees a lent URL, never the path.
    const src = (await details.locator('video').getAttribute('src')) ?? '';
    expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/[A-Za-z0-9_-]{43}$/);
    expect(src).not.toContain('street-music');
    expect(await details.getByText('640 × 360').count()).toBeGreaterThan(0);

    await details.getByRole('button', { name: 'Suggest frames' }).click();
    const strip = details.getByRole('list', { name: 'Suggested frames' });
    await until('six suggestions', async () => (await strip.locator('img').count()) === 6, 30_000);
    const times = (await strip.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? '')))
      .map((alt) => /Frame at (\d+):([\d.]+)/.exec(alt))
      .map((m) => Number(m?.[1]) * 60 + Number(m?.[2]));
    // The first second is black: the first slot's middle (0.5 s) is skipped for a later frame.
    expect(times[0]).toBeGreaterThanOrEqual(1);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // And what the strip shows is a picture, not black: the mean luma of each suggestion.
    const lumas = await strip.locator('img').evaluateAll((imgs) =>
      imgs.map((img) => {
        const canvas = document.createElement('canvas');
        canvas.width = 32;
        canvas.height = 18;
        const context = canvas.getContext('2d')!;
        context.drawImage(img as HTMLImageElement, 0, 0, 32, 18);
        const data = context.getImageData(0, 0, 32, 18).data;
        let sum = 0;
        for (let i = 0; i < data.length; i += 4) sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
        return sum / (data.length / 4);
      }),
    );
    expect(lumas.every((luma) => luma > 40), `mean luma of the suggestions: ${lumas.map((l) => l.toFixed(0)).join(', ')}`).toBe(true);
    await strip.locator('button').nth(2).click();
    await details.locator('.picker').scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'thumbnail-frame-suggested');

    await details.getByRole('button', { name: 'Use this frame' }).click();
    const thumb = await until('the frame as the thumbnail on the host', () => harness.host.control.videos().find((v) => v.id === videoId)?.thumbnail, 30_000);
    expect(thumb).toMatchObject({ type: 'jpeg', width: 640, height: 360 });
    // Released: the lent URL no longer serves the file.
    expect((await fetch(src)).status).toBe(404);
  });

  it('thumbnail from a frame: a video Chromium cannot decode gets a plain message and the image-file way', async () => {
    await openVideo('Lisbon Weekend', 'street-music');
    const details = page.locator('aside.details');
    harness.shell.setNextDialogResult([join(harness.fixtureDir, 'phone-clip.mkv')]);
    await details.getByRole('button', { name: 'Another video…' }).click();
    const message = details.getByText('cannot be played here');
    await until('the plain message', () => message.isVisible(), 30_000);
    expect(await details.getByRole('button', { name: 'Choose image…' }).count()).toBeGreaterThan(0);
    await details.locator('.picker').scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'thumbnail-frame-unplayable');
    await details.locator('.picker').getByRole('button', { name: 'Close' }).click();
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
