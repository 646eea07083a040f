// Issue 26 §4, in Chromium through the harness (demo data): the drop overlay ("Drop to upload
// into …") clears after every drop, leave and end, also when the thumbnail or subtitle panel
// takes the file; a chosen subtitle file keeps its preview and encoding while other changes of
// the same video save (the intro skip) or a queued thumbnail is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { makePng } from '../host/png.ts';
import { launchChromium } from '../support/chromium.ts';
import { dropFiles, newPage, until, writeFakeMp4 } from './support.ts';

const cover = makePng(320, 180, [200, 80, 40], true);
// "Café" in Windows-1252: the detector reads it one way, the person picks another.
const SRT = Buffer.concat([Buffer.from('1\r\n00:00:01,000 --> 00:00:03,000\r\nCaf'), Buffer.from([0xe9]), Buffer.from(' au lait\r\n\r\n')]);

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  await writeFakeMp4(join(harness.fixtureDir, 'overlay-test.mp4'), 50_000);
  await writeFile(join(harness.fixtureDir, 'cover.png'), cover);
  await writeFile(join(harness.fixtureDir, 'captions.srt'), SRT);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await page.getByRole('navigation', { name: 'Folders' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const overlay = () => page.locator('.dropzone > .overlay');
const row = (text: string) => page.locator('.videos [data-video-id]', { hasText: text }).first();
const details = () => page.locator('aside.details');
const coverDrop = { type: 'image/png', contents: { 'cover.png': cover.toString('base64') } };

/** Fires a drag event of `kind` carrying one file at `selector`, with the given pointer position. */
async function fireDrag(selector: string, kind: string, at: { x: number; y: number } = { x: 200, y: 200 }): Promise<void> {
  await page.evaluate(
    ({ selector, kind, at }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(4)], 'overlay-test.mp4'));
      document.querySelector(selector)!.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: at.x, clientY: at.y }));
    },
    { selector, kind, at },
  );
}

async function openVideo(name: string): Promise<string> {
  await page.locator('nav[aria-label="Folders"] button.folder', { hasText: 'Japan 2023' }).first().click();
  await until(`${name} in the list`, () => row(name).isVisible());
  await row(name).click();
  await details().waitFor();
  return (await row(name).getAttribute('data-video-id')) ?? '';
}

describe('the drop overlay', () => {
  it('clears when the drag leaves the window, even after a missed leave', async () => {
    // Entered the zone and a row inside it; the row is then redrawn, so its leave never comes.
    await fireDrag('.dropzone', 'dragenter');
    await fireDrag('.videos', 'dragenter');
    await until('the overlay shown', () => overlay().isVisible());
    await fireDrag('.videos', 'dragleave', { x: -1, y: 300 });
    await until('the overlay gone', async () => !(await overlay().isVisible()));
  });

  it('clears when the drag ends', async () => {
    await fireDrag('.videos', 'dragenter');
    await until('the overlay shown', () => overlay().isVisible());
    await fireDrag('.videos', 'dragend');
    await until('the overlay gone', async () => !(await overlay().isVisible()));
  });

  it('clears after a drop the thumbnail panel takes, and one the subtitle panel takes', async () => {
    await openVideo('Nara deer park');
    await dropFiles(page, 'section[aria-labelledby="thumb-title"]', ['cover.png'], coverDrop);
    await until('the thumbnail draft', () => page.getByRole('button', { name: 'Use this image' }).isVisible());
    expect(await overlay().isVisible()).toBe(false);
    await page.locator('section[aria-labelledby="thumb-title"]').getByRole('button', { name: 'Cancel' }).click();

    await dropFiles(page, 'section[aria-labelledby="subs-title"]', ['captions.srt'], { contents: { 'captions.srt': SRT.toString('base64') } });
    await until('the subtitle preview', () => page.getByRole('heading', { name: 'Preview of “captions.srt”' }).isVisible());
    expect(await overlay().isVisible()).toBe(false);
  });

  it('clears after a drop on a folder in the tree and after one on the list', async () => {
    await dropFiles(page, 'nav[aria-label="Folders"] button.folder', ['overlay-test.mp4']);
    expect(await overlay().isVisible()).toBe(false);
    await dropFiles(page, '.videos', ['overlay-test.mp4']);
    expect(await overlay().isVisible()).toBe(false);
    // A new drag over the list names the folder on screen, not the tree folder of the last drop.
    await dropFiles(page, '.videos', ['overlay-test.mp4'], { hoverOnly: true });
    expect(await overlay().textContent()).toContain('Japan 2023');
    await fireDrag('.videos', 'dragend');
  });
});

describe('a chosen subtitle file', () => {
  it('keeps its preview and encoding while the intro skip saves and a queued thumbnail is sent', async () => {
    const videoId = await openVideo('Kyoto temples at dawn');
    await page.locator('input[aria-label="Choose a subtitle file"]').setInputFiles(join(harness.fixtureDir, 'captions.srt'));
    const previewTitle = page.getByRole('heading', { name: 'Preview of “captions.srt”' });
    await until('the preview', () => previewTitle.isVisible());
    await details().getByLabel('Text encoding').selectOption('koi8-r');
    await until('the chosen encoding read', async () => ((await details().locator('.preview').textContent()) ?? '').includes('your choice'));

    const chosen = async (): Promise<void> => {
      expect(await previewTitle.isVisible()).toBe(true);
      expect(await details().getByLabel('Text encoding').inputValue()).toBe('koi8-r');
      expect(await details().locator('.preview').textContent()).toContain('your choice');
      expect(await details().getByRole('button', { name: 'Attach', exact: true }).isEnabled()).toBe(true);
    };

    await page.locator('#skip-intro').fill('12');
    await details().getByRole('button', { name: 'Save', exact: true }).click();
    await until('the skip on the service', () => harness.host.control.videos().find((v) => v.id === videoId)?.skipIntro === 12);
    await until('the saved video shown', async () => (await details().locator('header .badge').count()) === 0);
    await chosen();

    const before = await details().locator('img[alt^="Current thumbnail"]').getAttribute('src').catch(() => null);
    await dropFiles(page, 'section[aria-labelledby="thumb-title"]', ['cover.png'], coverDrop);
    const use = page.getByRole('button', { name: 'Use this image' });
    await until('the checked draft', () => use.isEnabled());
    await use.click();
    await until('the thumbnail on the service', () => harness.host.control.videos().find((v) => v.id === videoId)?.thumbnail?.width === 320, 30_000);
    await until('the new thumbnail shown', async () => {
      const src = await details().locator('img[alt^="Current thumbnail"]').getAttribute('src').catch(() => null);
      return src !== null && src !== before;
    }, 30_000);
    await chosen();
  });
});
