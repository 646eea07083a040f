// Issue 17 item 11 in Chromium through the harness: the Uploads view with a running upload,
// waiting ones with their folder choosers, and a finished one; filters; at 1280×800 and
// 900×700, light and dark (screens everyday-uploads-*), axe clean.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until, writeFakeMp4 } from './support.ts';
import { shown } from '../support/shown-account.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  for (const [name, size] of [['finished-first.mp4', 50_000], ['long-recording.mp4', 4_000_000], ['next-in-line.mp4', 200_000], ['after-that.mp4', 200_000]] as const) {
    await writeFakeMp4(join(harness.fixtureDir, name), size);
  }
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('the Uploads view', () => {
  it('shows active jobs first with their folders, filters, and the bulk actions', async () => {
    const { core } = harness;
    const path = (name: string): string => join(harness.fixtureDir, name);
    for (const name of ['finished-first.mp4', 'long-recording.mp4', 'next-in-line.mp4', 'after-that.mp4']) core.grantPath(path(name));
    await shown(core)['uploads:add']({ paths: [path('finished-first.mp4')], folderId: 0 });
    await until('the first upload done', async () => (await shown(core)['uploads:list'](undefined)).jobs[0]?.state === 'done', 30_000);
    await core.handlers['settings:set']({ uploadConcurrency: 1, bandwidthLimit: 16_384 });
    await shown(core)['uploads:add']({ paths: [path('long-recording.mp4'), path('next-in-line.mp4'), path('after-that.mp4')], folderId: 0 });

    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    await until('the long one running', async () => (await page.locator('.job[data-state="uploading"]').count()) === 1, 30_000);
    const order = await page.locator('.job .name').allTextContents();
    expect(order[0]).toBe('long-recording.mp4');
    expect(order.at(-1)).toBe('finished-first.mp4');
    expect(await page.getByLabel('Folder for next-in-line.mp4').isVisible()).toBe(true);
    await shootAndCheck(page, 'everyday-uploads');
    await page.setViewportSize({ width: 900, height: 700 });
    // Nothing in the header is cut off at 900 px.
    const right = await page.locator('header.screen-header button:visible').evaluateAll((buttons) => Math.max(...buttons.map((b) => b.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(900);
    await shootAndCheck(page, 'everyday-uploads-900');
    await page.getByRole('button', { name: /^Done/ }).click();
    // The filter's rows come from the core a window at a time (uploads:list): wait for its answer.
    const names = () => page.locator('.job .name').allTextContents();
    await until('the Done filter shown', async () => (await names()).length > 0 && !(await names()).includes('long-recording.mp4'), 20_000);
    expect(await names()).toEqual(['finished-first.mp4']);
    await page.getByRole('button', { name: /^All/ }).click();
    await page.getByRole('button', { name: 'Cancel all waiting' }).click();
    await until('the waiting ones cancelled', async () => (await page.locator('.job[data-state="cancelled"]').count()) === 2);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('keeps what "Clear finished" takes away in the history, searchable and filtered (issue 13)', async () => {
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await until('the cleared rows gone from the queue', async () => (await page.locator('.job[data-state="cancelled"]').count()) === 0);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const entries = page.locator('.entry');
    await until('the history', async () => (await entries.count()) === 3, 20_000);
    expect(await page.locator('.entry[data-outcome="done"] .name').allTextContents()).toEqual(['finished-first.mp4']);
    await shootAndCheck(page, 'everyday-history');
    await page.setViewportSize({ width: 900, height: 700 });
    await shootAndCheck(page, 'everyday-history-900');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Outcome').selectOption('cancelled');
    await until('the cancelled ones', async () => (await entries.count()) === 2);
    await page.getByLabel('Outcome').selectOption('');
    await page.getByRole('searchbox').fill('finished');
    await until('the search', async () => (await entries.count()) === 1);
    await page.getByRole('button', { name: 'Copy the links' }).click();
    // The history's links go through the one export writer: download links by default, one per line.
    await until('the link copied', () => /^https?:\/\/\S+\n$/.test(harness.shell.copiedTexts().at(-1) ?? ''));
    await page.getByLabel('Link format').selectOption('csv');
    await page.getByRole('button', { name: 'Copy the links' }).click();
    await until('the CSV copied', () => (harness.shell.copiedTexts().at(-1) ?? '').includes('finished-first.mp4'));
    expect(harness.shell.copiedTexts().at(-1)!.split('\r\n')[0]).toBe('id,title,size,lengthSeconds,views,created,folder,download,embed,thumbnail');
  }, 60_000);
});
