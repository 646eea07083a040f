// Settings → Watch folders in Chromium through the harness (issue 13 item 1): a watched folder
// and an unplugged one show their states; a finished file in the watched folder is queued and
// shown as its last file. Screens watch-settings-{light,dark}.png, axe-checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { DEFAULT_WATCH_EXCLUDE, DEFAULT_WATCH_INCLUDE, type WatchFolder } from '../../shared/watch.ts';
import { newPage, shootAndCheck, until } from './support.ts';

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

const folder = (id: string, path: string): WatchFolder => ({
  id,
  path,
  folderId: 0,
  enabled: true,
  includeSubfolders: true,
  include: [...DEFAULT_WATCH_INCLUDE],
  exclude: [...DEFAULT_WATCH_EXCLUDE],
  settleSeconds: 1,
  moveUploaded: true,
});

describe('Settings: watch folders', () => {
  it('shows each folder’s state and the last file queued from it', async () => {
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    await page.getByLabel('Service address').fill(harness.host.baseUrl);
    await page.getByLabel('API key').fill(harness.host.apiKey);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).waitFor();

    const recordings = join(harness.dataDir, 'Recordings');
    await mkdir(recordings, { recursive: true });
    await harness.core.handlers['settings:set']({ watchFolders: [folder('w1', recordings), folder('w2', join(harness.dataDir, 'unplugged-drive'))] });
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Watch folders' });
    await section.waitFor();

    await writeFile(join(recordings, 'stream.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(50_000, 1)]));
    await until('the file queued and shown', () => section.getByText('Last file: stream.mp4').isVisible());
    const items = section.getByRole('listitem');
    expect(await items.nth(0).getByRole('status').textContent()).toBe('Watching');
    expect(await items.nth(1).getByRole('status').textContent()).toBe('Folder missing');
    expect(await items.nth(1).textContent()).toMatch(/unplugged drive/);
    await section.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'watch-settings');
  });
});
