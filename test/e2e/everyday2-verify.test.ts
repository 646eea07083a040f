// Issue 26 section 1 in Chromium through the harness: every upload verified once it lands.
// One stored as sent ("Done — verified"), two through a file server that reads names as
// busboy's defaults do ("Done — title changed", "Stored as …" with the reason), and one
// waiting whose name holds a quote (said before it is sent); in the queue, the history and
// the library's details; at 1280 and 900 px, light and dark (screens everyday2-verify-*).
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

const VERIFIED = 'Café déjà vu — Tokyo.mp4';
const CUT = 'back\\slash plain.mp4';
const QUOTED = '=HYPERLINK("x"), quoted.mp4';
const WAITING = 'Quarterly "final" cut.mp4';

beforeAll(async () => {
  harness = await startHarness({ seed: 'empty', configured: true });
  for (const name of [VERIFIED, CUT, QUOTED, WAITING]) await writeFakeMp4(join(harness.fixtureDir, name), 60_000);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const job = (name: string) => page.locator('.job', { has: page.locator('.name', { hasText: name }) });

describe('each upload verified once it lands', () => {
  it('says "Done — verified", or what the service stored and why, and warns before a name is sent escaped', async () => {
    const { core } = harness;
    const path = (name: string): string => join(harness.fixtureDir, name);
    for (const name of [VERIFIED, CUT, QUOTED, WAITING]) core.grantPath(path(name));
    const allDone = async (count: number) => {
      const { jobs } = await shown(core)['uploads:list'](undefined);
      return jobs.length === count && jobs.every((j) => j.state === 'done');
    };
    await shown(core)['uploads:add']({ paths: [path(VERIFIED)], folderId: 0 });
    await until('the first upload done', () => allDone(1), 30_000);
    // A file server that reads names as busboy's defaults do (Latin-1, cut at the backslash, %22 kept).
    harness.host.control.setFileNames('legacy');
    await shown(core)['uploads:add']({ paths: [path(CUT), path(QUOTED)], folderId: 0 });
    await until('the legacy uploads done', () => allDone(3), 30_000);
    await shown(core)['uploads:pause'](undefined);
    await shown(core)['uploads:add']({ paths: [path(WAITING)], folderId: 0 });

    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    await until('the four rows', async () => (await page.locator('.job').count()) === 4);
    expect(await job(VERIFIED).locator('.badge').last().textContent()).toContain('Done — verified');
    expect(await job(CUT).locator('.badge').last().textContent()).toContain('Done — title changed');
    const cutDetail = (await job(CUT).locator('.detail').textContent()) ?? '';
    expect(cutDetail).toContain('Stored as “slash plain.mp4”');
    expect(cutDetail).toContain('kept only what follows the last backslash');
    expect(await job(QUOTED).locator('.detail').textContent()).toContain('Stored as “=HYPERLINK(%22x%22), quoted.mp4”');
    // Before it is sent: the quote goes as %22.
    expect(await job(WAITING).getByText('Name sent escaped').count()).toBe(1);
    expect(await job(WAITING).locator('.detail').textContent()).toContain('It is sent as %22');
    await shootAndCheck(page, 'everyday2-verify-uploads');
    await page.setViewportSize({ width: 900, height: 700 });
    // The queue's header (paused: "Resume all") fits: no button reaches past its padding.
    expect(await page.locator('header.screen-header').evaluate((header) => header.scrollWidth - header.clientWidth)).toBe(0);
    await shootAndCheck(page, 'everyday2-verify-uploads-900');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('keeps what was verified in the history, found by the title the service stored', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const entries = page.locator('.entry');
    await until('the history', async () => (await entries.count()) === 3, 20_000);
    const cut = page.locator('.entry', { has: page.locator('.name', { hasText: CUT }) });
    expect(await cut.locator('.badge').textContent()).toBe('Done — title changed');
    expect(await cut.locator('.verification').textContent()).toContain('Stored as “slash plain.mp4”');
    const verified = page.locator('.entry', { has: page.locator('.name', { hasText: VERIFIED }) });
    expect(await verified.locator('.badge').textContent()).toBe('Done — verified');
    await shootAndCheck(page, 'everyday2-verify-history');
    await page.setViewportSize({ width: 900, height: 700 });
    await shootAndCheck(page, 'everyday2-verify-history-900');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('searchbox').fill('slash plain');
    await until('found by its stored title', async () => (await entries.count()) === 1);
    await page.getByRole('searchbox').fill('');
  }, 60_000);

  it("shows in the library's details the name a video was sent with", async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Library' }).click();
    const row = page.locator('.videos [data-video-id]', { hasText: 'slash plain.mp4' }).first();
    await until('the video in the library', () => row.isVisible(), 20_000);
    await row.click();
    const sentAs = page.locator('aside.details .sent-as');
    await until('the sent-as line', () => sentAs.isVisible(), 10_000);
    expect(await sentAs.textContent()).toContain(`Uploaded from this computer as “${CUT}”`);
    await shootAndCheck(page, 'everyday2-verify-library');
    await page.setViewportSize({ width: 900, height: 700 });
    await shootAndCheck(page, 'everyday2-verify-library-900');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);
});
