// The window in other languages (issue 30), in Chromium through the harness (real core, real
// sandbox host on loopback). The language is chosen as a person does, through settings:set,
// and applies live. In the pseudo-locale (English about 40 % longer, accented) at 900 px every
// screen is walked: no text element overflows or is clipped, and axe finds nothing serious.
// Then Library, Uploads, Settings and the welcome screen are shot in Arabic (right to left)
// and German, light and dark: i18n-ar-*.png and i18n-de-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { axeViolations, clippedText, newPage, shootAndCheck, until } from './support.ts';
import type { LanguageChoice } from '../../shared/i18n/index.ts';

let harness: Harness;
let welcomeHarness: Harness;
let browser: Browser;
let page: Page;
let welcome: Page;

/** The screens in the sidebar's order: Ctrl+1 … Ctrl+7 go to them (App.svelte). */
const SCREENS = ['library', 'uploads', 'remote', 'takedowns', 'fix-links', 'account', 'settings'] as const;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  welcomeHarness = await startHarness({ seed: 'demo', configured: false });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  welcome = await newPage(browser, welcomeHarness.url);
  await page.locator('.sidebar').waitFor();
  await welcome.locator('#welcome-title').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  await welcomeHarness?.close();
});

async function speak(target: Harness, on: Page, language: LanguageChoice, lang: string): Promise<void> {
  await target.core.handlers['settings:set']({ language });
  // The welcome screen has no Settings to change it from: it reads the language when it opens.
  if (on === welcome) await welcome.reload();
  await until(`<html lang="${lang}">`, async () => (await on.evaluate(() => document.documentElement.lang)) === lang);
}

async function go(screen: (typeof SCREENS)[number]): Promise<void> {
  await page.keyboard.press(`Control+${SCREENS.indexOf(screen) + 1}`);
  await until(`the ${screen} screen`, async () => (await page.locator('.sidebar .nav[aria-current="page"]').count()) === 1 && (await page.locator('.view h1').count()) > 0);
  // Lazily loaded screens (Account, Settings) and their first answers.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

describe('the window in the pseudo-locale at 900 px', () => {
  it('applies the language live, and no screen clips its text; axe finds nothing serious', async () => {
    await page.setViewportSize({ width: 900, height: 700 });
    await welcome.setViewportSize({ width: 900, height: 700 });
    await speak(harness, page, 'en-XA', 'en-XA');
    await speak(welcomeHarness, welcome, 'en-XA', 'en-XA');
    // The pseudo-locale's catalog is a chunk of its own, loaded on first use: wait for its words.
    await expect.poll(() => welcome.locator('#welcome-title').textContent(), { timeout: 10_000 }).toMatch(/Ŵéļçöɱé/);
    const problems: string[] = [];
    problems.push(...(await clippedText(welcome)).map((p) => `welcome: ${p}`));
    problems.push(...(await axeViolations(welcome)).map((p) => `welcome axe: ${p}`));
    for (const screen of SCREENS) {
      await go(screen);
      problems.push(...(await clippedText(page)).map((p) => `${screen}: ${p}`));
      problems.push(...(await axeViolations(page)).map((p) => `${screen} axe: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});

describe('Arabic (right to left) and German', () => {
  for (const [language, name] of [
    ['ar', 'ar'],
    ['de', 'de'],
  ] as const) {
    it(`${name}: Library, Uploads, Settings and the welcome screen`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await welcome.setViewportSize({ width: 1280, height: 800 });
      await speak(harness, page, language, language);
      await speak(welcomeHarness, welcome, language, language);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await shootAndCheck(welcome, `i18n-${name}-welcome`);
      for (const screen of ['library', 'uploads', 'settings'] as const) {
        await go(screen);
        await shootAndCheck(page, `i18n-${name}-${screen}`);
      }
    });
  }

  it('back to the system: English again, left to right', async () => {
    await speak(harness, page, 'system', 'en');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });
});
