// Settings → Watch folders in Chromium through the harness (issue 13 item 1, issue 27 item 1):
// "Add folder…" shows the app's folder dialog (the harness answers it as the shell would) and
// the folder picked is watched; a watched folder and an unplugged one show their states; a
// finished file in the watched folder is queued and shown as its last file. Screens
// watch-settings-{light,dark}.png, axe-checked. A watched folder replaced by a link to another
// folder says so and uploads nothing from there (issue 27 item 2): watch-settings-linked-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, rename, rmdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';
import { shown } from '../support/shown-account.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo' });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const MP4_HEAD = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');

describe('Settings: watch folders', () => {
  it('adds the folders picked in the dialog, shows each one’s state and the last file queued from it', async () => {
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    await page.getByLabel('Service address').fill(harness.host.baseUrl);
    await page.getByLabel('API key').fill(harness.host.apiKey);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).waitFor();

    const recordings = join(harness.dataDir, 'Recordings');
    const drive = join(harness.dataDir, 'unplugged-drive');
    await mkdir(recordings, { recursive: true });
    await mkdir(drive, { recursive: true });
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Watch folders' });
    await section.waitFor();
    const items = section.getByRole('listitem');

    for (const [n, picked] of [recordings, drive].entries()) {
      harness.shell.setNextDialogResult([picked]);
      await section.getByRole('button', { name: 'Add folder…' }).click();
      await until(`${picked} listed`, async () => (await items.count()) === n + 1);
    }
    expect(await items.nth(0).getAttribute('aria-label')).toBe(`Watch folder ${recordings}`);

    // The drive goes away; the recordings folder settles files after 1 s instead of 10.
    await rmdir(drive);
    await items.nth(0).getByLabel('Settle time (s)').fill('1');
    await items.nth(0).getByLabel('Settle time (s)').blur();
    await until('the settle time saved', async () => (await items.nth(0).getByLabel('Settle time (s)').inputValue()) === '1');

    await writeFile(join(recordings, 'stream.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(50_000, 1)]));
    await until('the file queued and shown', () => section.getByText('Last file: stream.mp4').isVisible());
    await until('the drive shown missing', async () => (await items.nth(1).getByRole('status').textContent()) === 'Folder missing');
    expect(await items.nth(0).getByRole('status').textContent()).toBe('Watching');
    expect(await items.nth(1).textContent()).toMatch(/unplugged drive/);
    await section.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'watch-settings');
  });

  it('says so when a watched folder is replaced by a link, and uploads nothing from where it leads', async () => {
    const recordings = join(harness.dataDir, 'Recordings');
    const elsewhere = join(harness.dataDir, 'Private');
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, 'private.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(50_000, 2)]));
    await rename(recordings, join(harness.dataDir, 'Recordings-moved'));
    await symlink(elsewhere, recordings);
    const section = page.getByRole('region', { name: 'Watch folders' });
    const first = section.getByRole('listitem').nth(0);
    await until('the link shown', async () => (await first.getByRole('status').textContent()) === 'Replaced by a link');
    expect(await first.textContent()).toMatch(/replaced by a link to another place, so nothing there is uploaded/);
    const queued = await shown(harness.core)['uploads:list']({ filter: 'all', offset: 0, limit: 50 });
    expect(queued.jobs.map((job) => job.name)).toEqual(['stream.mp4']);
    await first.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'watch-settings-linked');
  });
});
