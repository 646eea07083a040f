// The settings area in other languages (issue 30, window-settings.json), in Chromium through the
// harness (real core, real sandbox host on loopback): Settings' accounts section (with the add
// form, a plain-http address's risk and a removal being asked) and its network section (a manual
// proxy), and the export dialog with a custom template, in German and in Arabic (right to
// left), light and dark: i18n-de-settings-*.png, i18n-ar-export-*.png and so on. No English word
// of these screens may be left, and axe finds nothing serious (shootAndCheck).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

const MESSAGES = resolve(import.meta.dirname, '../../shared/i18n/messages');
/** A message of a catalog, as a string (the plain ones this test clicks by). */
function word(locale: string, area: string, key: string): string {
  const catalog = JSON.parse(readFileSync(join(MESSAGES, locale, `${area}.json`), 'utf8')) as Record<string, unknown>;
  const text = catalog[key];
  if (typeof text !== 'string') throw new Error(`${locale}/${area}: ${key} is not a plain message`);
  return text;
}

/** English words of these screens that no translation shares: seeing one means a word skipped the catalog. */
const ENGLISH = ['Accounts', 'Add account', 'Check and add', 'Remove account', 'Also delete', 'plain http', 'Placeholders', 'Save to a file', 'Custom template', 'Width'];

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.sidebar').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

async function speak(language: 'de' | 'ar' | 'system', lang: string): Promise<void> {
  await harness.core.handlers['settings:set']({ language });
  await until(`<html lang="${lang}">`, async () => (await page.evaluate(() => document.documentElement.lang)) === lang);
}

/** Ctrl+1 is the Library, Ctrl+7 Settings (App.svelte). */
async function go(screen: 'library' | 'settings'): Promise<void> {
  await page.keyboard.press(screen === 'library' ? 'Control+1' : 'Control+7');
  await until(`the ${screen} screen`, async () => (await page.locator('.view h1').count()) > 0);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function englishLeft(where: string): Promise<string[]> {
  const text = (await page.locator(where).first().textContent()) ?? '';
  return ENGLISH.filter((english) => text.includes(english));
}

describe('the settings area in German and Arabic', () => {
  for (const language of ['de', 'ar'] as const) {
    it(`${language}: Settings (accounts, network) and the export dialog`, async () => {
      await speak(language, language);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');

      await go('settings');
      const accounts = page.locator('section[aria-labelledby="accounts-title"]');
      await until('the accounts section in its language', async () => (await accounts.locator('h2').textContent()) === word(language, 'window-settings', 'accounts_title'), 10_000);
      await accounts.locator('.accounts li button.danger').first().click();
      await accounts.getByRole('button', { name: word(language, 'window-settings', 'accounts_add') }).click();
      await accounts.locator('input[type="url"]').fill('http://192.0.2.10:8080');
      await accounts.locator('input[type="checkbox"]').last().waitFor();
      expect(await englishLeft('section[aria-labelledby="accounts-title"]')).toEqual([]);
      await accounts.locator('form').scrollIntoViewIfNeeded();
      await shootAndCheck(page, `i18n-${language}-settings-accounts`);

      const network = page.locator('section[aria-labelledby="net-title"]');
      await network.locator('input[name="proxy-mode"][value="manual"]').check();
      await network.locator('form').waitFor();
      await network.scrollIntoViewIfNeeded();
      await shootAndCheck(page, `i18n-${language}-settings-network`);

      await go('library');
      await page.getByRole('button', { name: word(language, 'window', 'library_links') }).click();
      const dialog = page.getByRole('dialog');
      await until('the preview', async () => ((await dialog.locator('pre').textContent()) ?? '').startsWith('http'), 20_000);
      await dialog.locator('select').selectOption('template');
      await dialog.locator('textarea').waitFor();
      await until('the template preview', async () => ((await dialog.locator('pre').textContent()) ?? '').length > 0, 20_000);
      expect(await englishLeft('[role="dialog"]')).toEqual([]);
      await shootAndCheck(page, `i18n-${language}-export`);
      await page.keyboard.press('Escape');
      await until('the dialog closed', async () => (await dialog.count()) === 0);
    }, 120_000);
  }

  it('back to the system: English again', async () => {
    await speak('system', 'en');
  });
});
