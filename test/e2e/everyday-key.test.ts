// Issue 17 items 3 and 7 through the browser harness: the sandbox host revokes the key; the
// status bar and the Account page say the service no longer accepts it and lead to Settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';

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

describe('a revoked key', () => {
  it('is said in the status bar and on the Account page, with the way to a new key', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Account' }).click();
    await until('the account loaded', async () => ((await page.locator('.screen').textContent()) ?? '').includes('E-mail'), 30_000);
    harness.host.control.revokeKey(harness.host.apiKey);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const note = page.locator('.key-refused-note');
    await until('the refused key said', () => note.isVisible(), 30_000);
    expect(await note.textContent()).toContain('The service no longer accepts this key: replace it.');
    expect(await page.locator('.statusbar .conn-label').textContent()).toBe('Key refused');
    expect(await page.locator('.statusbar').textContent()).toContain('Replace key…');
    await until('the failed refresh said', async () => ((await page.locator('.screen-header').textContent()) ?? '').includes('Refresh failed'), 30_000);
    await shootAndCheck(page, 'everyday-key-refused');
    await note.getByRole('button', { name: 'Replace key…' }).click();
    await until('Settings shown', () => page.getByRole('heading', { name: 'Settings', exact: true }).isVisible());
  });
});
