// Issue 26 section 2 in Chromium through the harness: Pause holds a running upload (its
// request kept open) and Resume goes on in the same request (the sandbox host sees ONE
// request, no byte sent twice); past the patience the row says the file starts again, with
// the bytes lost, and Resume sends it from the beginning; Pause all offers "after the files
// being sent" and "now"; the history lists each attempt; Settings sets the patience. Screens
// everyday2-pause-*, light and dark, at 1280 and 900 px, axe clean.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

const FILES = { 'long-take.mp4': 700_000, 'second-take.mp4': 700_000, 'third-take.mp4': 400_000 } as const;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  for (const [name, size] of Object.entries(FILES)) await writeFakeMp4(join(harness.fixtureDir, name), size);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const path = (name: string): string => join(harness.fixtureDir, name);
const fileRequests = () => harness.host.control.requestLog().filter((entry) => entry.origin === 'files');
const sha256 = async (name: string) => createHash('sha256').update(await readFile(path(name))).digest('hex');
const row = (name: string) => page.locator('.job', { hasText: name });
const state = (name: string) => row(name).getAttribute('data-state');
const detail = (name: string) => row(name).locator('.detail').textContent();

async function queue(name: string): Promise<void> {
  harness.core.grantPath(path(name));
  await shown(harness.core)['uploads:add']({ paths: [path(name)], folderId: 0 });
}

async function atBothWidths(name: string): Promise<void> {
  await shootAndCheck(page, name);
  await page.setViewportSize({ width: 900, height: 700 });
  // Nothing in the header is cut off at 900 px.
  const right = await page.locator('header.screen-header button:visible').evaluateAll((buttons) => Math.max(...buttons.map((b) => b.getBoundingClientRect().right)));
  expect(right).toBeLessThanOrEqual(900);
  await shootAndCheck(page, `${name}-900`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('a pause that keeps the connection', () => {
  it('within the patience, Resume goes on in the same request: the host sees one request, and the row said so while paused', async () => {
    const { core } = harness;
    await core.handlers['settings:set']({ uploadConcurrency: 1, bandwidthLimit: 16_384 });
    harness.host.control.clearLog();
    await queue('long-take.mp4');
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    await until('the upload running', async () => (await state('long-take.mp4')) === 'uploading', 30_000);
    await until('some bytes out', async () => /^[1-9]/.test((await detail('long-take.mp4')) ?? ''), 30_000);

    await row('long-take.mp4').getByRole('button', { name: 'Pause long-take.mp4' }).click();
    await until('paused', async () => (await state('long-take.mp4')) === 'paused');
    expect(await detail('long-take.mp4')).toContain('Paused — resumes where it stopped for about a minute; after that the file starts again');
    // A paused row offers Resume, not Pause.
    expect(await row('long-take.mp4').getByRole('button', { name: 'Resume long-take.mp4' }).isVisible()).toBe(true);
    expect(await row('long-take.mp4').getByRole('button', { name: 'Pause long-take.mp4' }).count()).toBe(0);
    await atBothWidths('everyday2-pause-held');

    await core.handlers['settings:set']({ bandwidthLimit: null });
    await row('long-take.mp4').getByRole('button', { name: 'Resume long-take.mp4' }).click();
    await until('done', async () => (await state('long-take.mp4')) === 'done', 60_000);
    expect(fileRequests().map((entry) => entry.status)).toEqual([200]);
    expect(harness.host.control.videos().find((v) => v.name === 'long-take.mp4')?.sha256).toBe(await sha256('long-take.mp4'));
  }, 120_000);

  it('past the patience the row says the file starts again with the bytes lost, and Resume sends it from the beginning', async () => {
    const { core } = harness;
    await core.handlers['settings:set']({ bandwidthLimit: 16_384, pausePatienceSeconds: 1 });
    harness.host.control.clearLog();
    await queue('second-take.mp4');
    await until('the upload running', async () => (await state('second-take.mp4')) === 'uploading', 30_000);
    await until('some bytes out', async () => /^[1-9]/.test((await detail('second-take.mp4')) ?? ''), 30_000);
    await row('second-take.mp4').getByRole('button', { name: 'Pause second-take.mp4' }).click();
    await until('the hold let go', async () => ((await detail('second-take.mp4')) ?? '').includes('Paused longer than the file server waits'), 20_000);
    expect(await detail('second-take.mp4')).toMatch(/it starts again from the beginning when resumed · \d[\d.,]* (KB|kB|MB) lost/);
    expect(await state('second-take.mp4')).toBe('paused');
    await atBothWidths('everyday2-pause-restart');

    await core.handlers['settings:set']({ bandwidthLimit: null, pausePatienceSeconds: 60 });
    await row('second-take.mp4').getByRole('button', { name: 'Resume second-take.mp4' }).click();
    await until('done', async () => (await state('second-take.mp4')) === 'done', 60_000);
    // The first request was closed by the app; the second carried the whole file.
    expect(fileRequests().map((entry) => entry.status)).toEqual([0, 200]);
    expect(harness.host.control.videos().find((v) => v.name === 'second-take.mp4')?.sha256).toBe(await sha256('second-take.mp4'));
  }, 120_000);

  it('Pause all offers "after the files being sent" (the default) and "now"', async () => {
    const { core } = harness;
    await core.handlers['settings:set']({ bandwidthLimit: 16_384 });
    await queue('third-take.mp4');
    await until('the upload running', async () => (await state('third-take.mp4')) === 'uploading', 30_000);
    await page.getByRole('button', { name: 'Pause all', exact: true }).click();
    const choice = page.getByRole('group', { name: 'Pause all' });
    await choice.waitFor();
    await atBothWidths('everyday2-pause-all');
    await choice.getByRole('button', { name: 'After the files being sent' }).click();
    await until('the queue paused', () => page.getByRole('button', { name: 'Resume all' }).isVisible());
    // The file being sent goes on.
    expect(await state('third-take.mp4')).toBe('uploading');
    expect(await page.locator('.totals').textContent()).toContain('queue paused: the files being sent finish, nothing new starts');
    await page.getByRole('button', { name: 'Resume all' }).click();
    await page.getByRole('button', { name: 'Pause all', exact: true }).click();
    await page.getByRole('group', { name: 'Pause all' }).getByRole('button', { name: 'Now' }).click();
    await until('held by pause all now', async () => (await state('third-take.mp4')) === 'paused');
    expect(await detail('third-take.mp4')).toContain('Paused — resumes where it stopped');
    await core.handlers['settings:set']({ bandwidthLimit: null });
    await page.getByRole('button', { name: 'Resume all' }).click();
    await until('done', async () => (await state('third-take.mp4')) === 'done', 60_000);
  }, 120_000);

  it('the history lists each attempt with its bytes', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const entry = page.locator('.entry', { hasText: 'second-take.mp4' });
    await until('the entry', () => entry.isVisible(), 20_000);
    await entry.getByText('2 attempts').click();
    const attempts = await entry.locator('.attempts li').allTextContents();
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toContain('paused too long, started again');
    // The window's words for the size (format.ts reads the window's locale state, which runs in the window only).
    expect(attempts[1]).toMatch(/\d[\d.,]* (?:bytes|KB|MB|GB) sent · done/);
    await atBothWidths('everyday2-pause-history');
  }, 60_000);

  it('Settings sets how long a paused upload keeps its connection', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    const field = page.getByLabel("Keep a paused upload's connection for (seconds)");
    await field.scrollIntoViewIfNeeded();
    expect(await field.inputValue()).toBe('60');
    await field.fill('90');
    await field.press('Enter');
    await field.blur();
    await until('the patience saved', async () => (await harness.core.handlers['settings:get'](undefined)).pausePatienceSeconds === 90);
    const hint = page.locator('#patience-hint');
    await hint.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'everyday2-pause-settings');
    await page.setViewportSize({ width: 900, height: 700 });
    await hint.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'everyday2-pause-settings-900');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);
});
