// Issue 26 §3 in Chromium through the harness: the state seen everywhere, in words. The
// connection reads Offline within 2 s of the first failed request and Online within 5 s of the
// service answering again (the bounds are the requirement: each wait is bounded by it); while
// offline "Uploading N" stops, the next try counts down and Retry now is offered; failed uploads
// are counted in the sidebar and the status bar and the overall bar is not full; Done leaves
// cancelled files out; a refused key reads "Key refused", also after a reload, never "Offline".
// Screens everyday2-offline-* and everyday2-failures-* at 1280 and 900 px, light and dark.
import { rm } from 'node:fs/promises';
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
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const connectionLabel = async (): Promise<string> => ((await page.locator('.statusbar .conn-label').textContent()) ?? '').trim();
const statusBar = async (): Promise<string> => (await page.locator('.statusbar').textContent()) ?? '';
const fixture = (name: string): string => join(harness.fixtureDir, name);

async function shootBothWidths(name: string): Promise<void> {
  await shootAndCheck(page, `${name}-1280`);
  await page.setViewportSize({ width: 900, height: 700 });
  await shootAndCheck(page, `${name}-900`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the connection, in words and in time', () => {
  it('reads Offline within 2 s of the first failed request, stops "Uploading", counts down to the next try, and reads Online within 5 s of the service answering', async () => {
    const { core } = harness;
    await writeFakeMp4(fixture('long-take.mp4'), 3_000_000);
    core.grantPath(fixture('long-take.mp4'));
    await core.handlers['settings:set']({ uploadConcurrency: 1, bandwidthLimit: 65_536 });
    await shown(core)['uploads:add']({ paths: [fixture('long-take.mp4')], folderId: 0 });
    await until('the upload sending', async () => (await statusBar()).includes('Uploading 1'), 30_000);
    expect(await connectionLabel()).toBe('Online');

    // The service goes away: the upload's open connection is the first request to fail.
    harness.host.control.setOffline(true);
    await until('Offline within 2 s of the first failed request', async () => (await connectionLabel()) === 'Offline', 2_000);
    await until('the upload said as waiting, not as uploading', async () => (await statusBar()).includes('1 waiting to upload'), 2_000);
    expect(await statusBar()).not.toContain('Uploading');
    expect(await page.locator('.statusbar').getByRole('button', { name: 'Retry now' }).isVisible()).toBe(true);
    // The next try is a live relative countdown, never a minute of the clock.
    await until('the next try counted down', async () => /next try in \d+ s/.test(await statusBar()), 5_000);
    expect(await statusBar()).not.toMatch(/\d{1,2}:\d{2}/);
    await shootBothWidths('everyday2-offline');

    // Long enough for a growing backoff to have stretched far past 5 s (it reached 22-50 s).
    await page.waitForTimeout(20_000);
    expect(await connectionLabel()).toBe('Offline');
    harness.host.control.setOffline(false);
    await until('Online within 5 s of the service answering again', async () => (await connectionLabel()) === 'Online', 5_000);
    await until('the upload sending again', async () => (await statusBar()).includes('Uploading 1'), 10_000);
  }, 120_000);

  it('Retry now tries the service at once', async () => {
    harness.host.control.setOffline(true);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await until('Offline', async () => (await connectionLabel()) === 'Offline', 2_000);
    // The monitor probes on its own every 1-3.6 s, and since issue 29 other work (the takedown
    // watch, lookups) may find the service back first and take the button away under the click.
    // So the click is made while still offline, just after a probe was scheduled at least 1.5 s
    // ahead: an attempt that fails within the next second (the next attempt moves) is the click's.
    let scheduled: number | null = null;
    await until('a probe just scheduled', async () => {
      scheduled = (await shown(harness.core)['connection:get'](undefined)).nextAttemptAt;
      return scheduled !== null && scheduled - Date.now() >= 1_500;
    }, 10_000);
    await page.locator('.statusbar').getByRole('button', { name: 'Retry now' }).click();
    await until('Retry now tried at once', async () => (await shown(harness.core)['connection:get'](undefined)).nextAttemptAt !== scheduled, 1_000);
    harness.host.control.setOffline(false);
    await until('Online once the service is back', async () => (await connectionLabel()) === 'Online', 6_000);
    // Back to no limit for what follows.
    await harness.core.handlers['settings:set']({ uploadConcurrency: 3, bandwidthLimit: null });
    await until('the long upload done', async () => (await shown(harness.core)['uploads:list'](undefined)).jobs.every((job) => job.state === 'done'), 60_000);
  }, 90_000);
});

describe('failures, counted where a person looks', () => {
  it('shows the failure count in the sidebar badge and the status bar, a bar that is not full, and Done without cancelled files', async () => {
    const { core } = harness;
    for (const name of ['arrives.mp4', 'vanishes.mp4', 'never-sent.mp4']) {
      await writeFakeMp4(fixture(name), 40_000 + name.length);
      core.grantPath(fixture(name));
    }
    await shown(core)['uploads:pause'](undefined);
    const added = (await shown(core)['uploads:add']({ paths: [fixture('arrives.mp4'), fixture('vanishes.mp4'), fixture('never-sent.mp4')], folderId: 0 })).added;
    expect(added).toHaveLength(3);
    await shown(core)['uploads:cancel']({ id: added[2]! });
    // Deleted before it is sent: it cannot be read, and fails.
    await rm(fixture('vanishes.mp4'));
    await shown(core)['uploads:resume'](undefined);
    await until('one failed, the other done', async () => {
      const { counts } = await shown(core)['uploads:list'](undefined);
      return counts.failed + counts.changed === 1 && counts.done >= 2;
    }, 30_000);

    const failedBadge = page.locator('nav.sidebar .count.failed');
    await until('the failure badge', async () => (await failedBadge.textContent())?.trim() === '1', 5_000);
    expect(await failedBadge.getAttribute('aria-label')).toBe('1 failed');
    await until('the failure count in the status bar', async () => (await statusBar()).includes('1 failed'), 5_000);

    await page.locator('.statusbar').getByRole('button', { name: '1 failed' }).click();
    await until('the Failed filter', async () => (await page.locator('.job .name').allTextContents()).join() === 'vanishes.mp4', 10_000);
    const bar = page.getByRole('progressbar', { name: 'All uploads' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(await page.locator('.totals').textContent()).toContain('1 failed');
    // The error is a sentence.
    expect(await page.locator('.job .detail').first().textContent()).toMatch(/^[A-Z].*\.$/);
    await shootBothWidths('everyday2-failures');

    // Done counts what arrived: the cancelled file is under its own filter.
    const doneCount = (await shown(core)['uploads:list']({ filter: 'done' })).total;
    expect(await page.getByRole('button', { name: /^Done/ }).textContent()).toContain(String(doneCount));
    await page.getByRole('button', { name: /^Cancelled/ }).click();
    await until('the Cancelled filter', async () => (await page.locator('.job .name').allTextContents()).join() === 'never-sent.mp4', 10_000);
    await page.getByRole('button', { name: /^Done/ }).click();
    await until('the Done filter', async () => (await page.locator('.job .name').count()) === doneCount, 10_000);
    expect(await page.locator('.job .name').allTextContents()).not.toContain('never-sent.mp4');
  }, 90_000);
});

describe('a refused key', () => {
  it('reads "Key refused", also after the window loads again, never a red "Offline"', async () => {
    harness.host.control.revokeKey(harness.host.apiKey);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await until('Key refused', async () => (await connectionLabel()) === 'Key refused', 30_000);
    expect(await page.locator('.statusbar').getByRole('button', { name: 'Replace key…' }).isVisible()).toBe(true);
    // The window asks the connection afresh (connection:get): still the key, not "Offline".
    await page.reload();
    await until('the status bar again', async () => (await connectionLabel()) !== '' && (await connectionLabel()) !== 'Connecting…', 30_000);
    await until('Key refused after a reload', async () => (await connectionLabel()) === 'Key refused', 10_000);
    expect(await statusBar()).not.toContain('Offline');
  }, 90_000);
});
