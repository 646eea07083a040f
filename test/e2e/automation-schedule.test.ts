// Issue 31 in Chromium through the harness: Settings › Running unattended (the timetable
// text with its bad part named as typed, the week grid painted with a rate writing the same
// text, the upload windows per weekday, pause on battery), the status bar saying the limit in
// force, and the queue waiting for its window: it says why and when, and "Start now anyway"
// sends one file. Screens automation-*, light and dark, axe clean.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until, writeFakeMp4 } from './support.ts';
import { shown } from '../support/shown-account.ts';
import { DEFAULT_UPLOAD_WINDOWS } from '../../shared/upload-windows.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  for (const name of ['tonight-a.mp4', 'tonight-b.mp4']) await writeFakeMp4(join(harness.fixtureDir, name), 60_000);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const row = (name: string) => page.locator('.job', { hasText: name });
const state = (name: string) => row(name).getAttribute('data-state');

/** A window every day that opens two hours from now and lasts an hour: closed now, whatever the time. */
function windowLater(): typeof DEFAULT_UPLOAD_WINDOWS {
  const now = new Date();
  const from = ((now.getHours() + 2) % 24) * 60;
  return { enabled: true, days: DEFAULT_UPLOAD_WINDOWS.days.map(() => ({ from, to: (from + 60) % (24 * 60) })) };
}

describe('running unattended', () => {
  it('Settings: the timetable names a bad part, the grid paints the same text, windows per weekday, pause on battery', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Running unattended' });
    await section.waitFor();

    const text = section.getByLabel('Bandwidth timetable');
    await text.fill('08:00,512k 25:00,1M');
    await until('the bad part named', () => section.getByRole('alert').isVisible());
    expect(await section.getByRole('alert').textContent()).toBe('"25:00": the hour must be from 00 to 23');
    expect((await harness.core.handlers['settings:get'](undefined)).bandwidthTimetable).toBeNull();

    await text.fill('08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off');
    await text.press('Enter');
    await text.blur();
    await until('the timetable saved', async () => (await harness.core.handlers['settings:get'](undefined)).bandwidthTimetable === '08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off');
    // The status bar says what is in force now, and until when.
    await until('the status bar names the limit', async () => /until \d\d:\d\d|until \w+ \d\d:\d\d/.test((await page.locator('.statusbar .limit').textContent()) ?? ''));

    // Painting Saturday 10:00 with 1M writes the same rclone text the CLI takes.
    await section.getByLabel('Paint with').fill('1M');
    await section.getByRole('gridcell', { name: 'Saturday 10:00: 512 KB/s' }).click();
    await until('the painted grid saved as text', async () => (await harness.core.handlers['settings:get'](undefined)).bandwidthTimetable === '08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off Sat-10:00,1M Sat-11:00,512k');
    expect(await text.inputValue()).toContain('Sat-10:00,1M');

    await section.getByLabel('Start uploads only in these hours').check();
    await until('windows on', async () => (await harness.core.handlers['settings:get'](undefined)).uploadWindows.enabled);
    await section.getByLabel('Sunday', { exact: true }).uncheck();
    await until('no window on Sunday', async () => (await harness.core.handlers['settings:get'](undefined)).uploadWindows.days[0] === null);
    await section.getByLabel('Monday from').fill('22:00');
    await until('Monday from 22:00', async () => (await harness.core.handlers['settings:get'](undefined)).uploadWindows.days[1]?.from === 22 * 60);
    await section.getByText('ends the next day').waitFor();
    await section.getByLabel('Pause uploads while the computer runs on battery').check();
    await until('pause on battery on', async () => (await harness.core.handlers['settings:get'](undefined)).pauseOnBattery);

    // The section from its heading: the timetable text, the grid and the windows.
    await section.getByRole('heading', { name: 'Running unattended' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await shootAndCheck(page, 'automation-settings');
  });

  it('the queue waits for its window, says why and when; Start now anyway sends one file, the other keeps waiting', async () => {
    await harness.core.handlers['settings:set']({ uploadWindows: windowLater(), pauseOnBattery: false, bandwidthTimetable: '08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off' });
    for (const name of ['tonight-a.mp4', 'tonight-b.mp4']) harness.core.grantPath(join(harness.fixtureDir, name));
    await shown(harness.core)['uploads:add']({ paths: ['tonight-a.mp4', 'tonight-b.mp4'].map((name) => join(harness.fixtureDir, name)), folderId: 0 });
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    const held = page.locator('.held');
    await until('the queue says why it waits', () => held.isVisible());
    expect(await held.textContent()).toMatch(/Uploads wait for the upload window: it opens (\w+ )?\d\d:\d\d/);
    expect(await page.locator('.statusbar .waiting-for').textContent()).toMatch(/Waiting for the upload window · opens/);
    expect(await state('tonight-a.mp4')).toBe('waiting');
    expect(await row('tonight-a.mp4').locator('.detail').textContent()).toMatch(/^Waiting for the upload window/);
    await shootAndCheck(page, 'automation-queue-waiting');

    await row('tonight-a.mp4').getByRole('button', { name: 'Start now anyway: tonight-a.mp4' }).click();
    await until('the file sent anyway', async () => (await state('tonight-a.mp4')) === 'done', 60_000);
    expect(await state('tonight-b.mp4')).toBe('waiting');
    expect(harness.host.control.videos().some((v) => v.name === 'tonight-a.mp4')).toBe(true);
    expect(harness.host.control.videos().some((v) => v.name === 'tonight-b.mp4')).toBe(false);

    await page.getByRole('button', { name: 'Start all now anyway' }).click();
    await until('the rest sent anyway', async () => (await state('tonight-b.mp4')) === 'done', 60_000);
    await until('nothing waits', async () => !(await held.isVisible()));
  });
});
