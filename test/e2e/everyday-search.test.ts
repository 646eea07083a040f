// Issue 17 item 6 through the browser harness on large:3000: a library-wide search that finds
// more than it lists says "first 500 of N found", and never the open folder's count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';
import { shown } from '../support/shown-account.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'large:3000', configured: true });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('all-folders search', () => {
  it('says how many it found and how many it lists', async () => {
    await until('the library synced', async () => (await shown(harness.core)['videos:search']({ query: 'e', limit: 1 })).total > 1000, 60_000);
    const { total } = await shown(harness.core)['videos:search']({ query: 'e', limit: 1 });
    await page.getByRole('checkbox', { name: 'All folders' }).check();
    await page.getByRole('searchbox', { name: 'Search videos' }).fill('e');
    const count = page.getByTestId('library-count');
    await until('the search count', async () => /found/.test((await count.textContent()) ?? ''), 30_000);
    expect(await count.textContent()).toBe(`first 500 of ${total.toLocaleString('en-US')} found`);
    await shootAndCheck(page, 'everyday-search-capped');
  });
});
