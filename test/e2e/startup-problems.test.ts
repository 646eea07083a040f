// The startup notices in the window: a library file SQLite cannot read is found when the
// account opens. The person sees what happened, where the damaged file was kept, and can
// dismiss it. Real core, real damaged file, Debian's Chromium; light and dark, axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { accountDatabaseFile } from '../../electron/core/accounts/session.ts';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo' });
  // The account's library exists but is not a database any more (a disk error, a bad copy).
  const file = accountDatabaseFile(harness.dataDir, harness.host.baseUrl, harness.host.apiKey);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(8192, 0x5a));
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('startup problems', () => {
  it('says the library was damaged, where it was kept, and goes away when dismissed', async () => {
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    await page.getByLabel('Service address').fill(harness.host.baseUrl);
    await page.getByLabel('API key').fill(harness.host.apiKey);
    await page.getByRole('button', { name: 'Connect' }).click();

    const region = page.getByRole('region', { name: 'Problems found while starting' });
    const alert = region.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Your library file was damaged and could not be opened.');
    expect(await alert.textContent()).toMatch(/Kept at: .*\.damaged-/);
    await page.getByRole('navigation', { name: 'Folders' }).waitFor();
    await shootAndCheck(page, 'startup-library-damaged');

    await alert.getByRole('button', { name: /^Dismiss/ }).click();
    await region.waitFor({ state: 'detached' });
  });
});
