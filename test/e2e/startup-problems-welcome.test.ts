// A settings file that is not JSON, found before the first screen: the welcome screen says
// so above the form, with where the copy was kept. Light and dark, axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', prepareDataDir: (dir) => writeFile(join(dir, 'settings.json'), '{"theme": "dark", "bandw') });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('startup problems before an account is open', () => {
  it('show above the welcome form', async () => {
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    const notice = page.getByRole('region', { name: 'Problems found while starting' }).getByRole('status');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Your settings file was damaged, so Vidlift started with the default settings.');
    expect(await notice.textContent()).toMatch(/Kept at: .*settings\.json\.damaged-/);
    await shootAndCheck(page, 'startup-settings-damaged-welcome');
  });
});
