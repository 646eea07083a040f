// Issue 26 §4 "Already uploaded", in Chromium through the harness: a file whose bytes are on
// the service already (here a copy under another name) is skipped with "Upload anyway", for it
// and for all; choosing it uploads the file. Screens everyday2-upload-anyway-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { dropFiles, newPage, shootAndCheck, until, writeFakeMp4 } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  const dir = harness.fixtureDir;
  await writeFakeMp4(join(dir, 'harbour.mp4'), 180_000);
  await copyFile(join(dir, 'harbour.mp4'), join(dir, 'harbour (copy).mp4'));
  await writeFakeMp4(join(dir, 'lighthouse.mp4'), 90_000);
  await copyFile(join(dir, 'lighthouse.mp4'), join(dir, 'lighthouse again.mp4'));
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await page.getByRole('navigation', { name: 'Folders' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const named = (name: string) => harness.host.control.videos().filter((v) => v.name === name).length;

describe('already uploaded', () => {
  it('offers "Upload anyway" for one file and for all, and uploads what was chosen', async () => {
    await dropFiles(page, '.videos', ['harbour.mp4', 'lighthouse.mp4']);
    await until('both on the service', () => named('harbour.mp4') === 1 && named('lighthouse.mp4') === 1, 30_000);

    await dropFiles(page, '.videos', ['harbour (copy).mp4', 'lighthouse again.mp4', 'harbour.mp4']);
    // The status bar's message line says it; its panel holds the list and the buttons.
    const line = page.locator('.statusbar button.latest', { hasText: '3 files skipped' });
    await until('the skipped notice', () => line.isVisible(), 30_000);
    await line.click();
    const notice = page.getByRole('dialog', { name: 'Messages' }).locator('li', { hasText: '3 files skipped' }).first();
    expect(await notice.textContent()).toContain('Already uploaded (the same content).');
    await notice.locator('summary').click();
    expect(await notice.locator('details li').allTextContents()).toEqual([
      expect.stringContaining('harbour (copy).mp4: Already uploaded'),
      expect.stringContaining('lighthouse again.mp4: Already uploaded'),
      expect.stringContaining('harbour.mp4: Already uploaded'),
    ]);
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 800 });
      await shootAndCheck(page, `everyday2-upload-anyway-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // One file: only that one is sent; "all" then means the two left.
    await notice.locator('details li', { hasText: 'lighthouse again.mp4' }).getByRole('button', { name: 'Upload anyway' }).click();
    await until('the chosen copy uploaded', () => named('lighthouse again.mp4') === 1, 30_000);
    const all = notice.getByRole('button', { name: 'Upload all 2 anyway' });
    await until('"all" counts what is left', () => all.isVisible());
    await all.click();
    await until('the rest uploaded', () => named('harbour (copy).mp4') === 1 && named('harbour.mp4') === 2, 30_000);
    expect(named('lighthouse again.mp4')).toBe(1);
    await until('the notice gone', async () => !(await notice.isVisible()));
  });
});
