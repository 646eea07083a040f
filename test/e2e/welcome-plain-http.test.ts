// The welcome screen and plain http (issue 18 item 4, issue 17 minor): it says https://
// (http:// only for a service on this computer); a plain-http address elsewhere shows the
// risk and keeps Connect off until the person confirms; the sandbox address needs nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'empty' });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('welcome: plain http', () => {
  it('asks for consent before a key goes unencrypted to another computer', async () => {
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    expect(await page.getByText('https:// (http:// only for a service on this computer)').isVisible()).toBe(true);
    await page.getByLabel('Service address').fill('http://192.0.2.10:8080');
    await page.locator('input[name="key"]').fill(harness.host.apiKey);
    const risk = page.getByRole('group', { name: /Plain http to another computer/ });
    await risk.waitFor();
    expect(await page.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    await risk.getByLabel('I understand: send my key to this address unencrypted').check();
    expect(await page.getByRole('button', { name: 'Connect' }).isEnabled()).toBe(true);
    await shootAndCheck(page, 'welcome-plain-http');

    await page.getByLabel('Service address').fill(harness.host.baseUrl);
    expect(await risk.count()).toBe(0);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).waitFor();
    expect((await harness.core.handlers['settings:get'](undefined)).plainHttpAllowed).toEqual([]);
  });
});
