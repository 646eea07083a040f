// The links screens in other languages (issue 30), with something on them: three videos uploaded
// (one with an Arabic title), two taken down on the host, one of those uploaded again so the link
// map has a pair. In the pseudo-locale at 900 px, Takedowns with a tombstone open, the library's
// Taken down filter and a Fix my links result clip no text and axe finds nothing serious; then
// they are shot in Arabic (right to left) and German: i18n-ar-takedowns, i18n-ar-fix-links,
// i18n-ar-fix-links-found, i18n-ar-library-taken-down and the same for de.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { shown } from '../support/shown-account.ts';
import { axeViolations, clippedText, newPage, shootAndCheck, until, writeFakeMp4 } from './support.ts';
import type { LanguageChoice } from '../../shared/i18n/index.ts';
import type { Video } from '../../shared/model.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

/** A Latin title, an Arabic one (a name of the other direction inside the window's lines) and one that stays alive. */
const NAMES = ['Harbour at dawn.mp4', 'مرفأ عند الفجر.mp4', 'Old town walk.mp4'];
/** Taken down on the host; the first is uploaded again, the second stays dead with no replacement. */
const TAKEN = [0, 1];
/** The sidebar's order: Ctrl+1 … go to them (App.svelte). */
const SCREENS = ['library', 'uploads', 'remote', 'takedowns', 'fix-links'] as const;

let post = '';
let arabicId = '';

beforeAll(async () => {
  harness = await startHarness({ seed: 'empty', configured: true });
  const { core } = harness;
  const paths = NAMES.map((name) => join(harness.fixtureDir, name));
  for (const [i, path] of paths.entries()) {
    await writeFakeMp4(path, 40_000 + i * 1_000);
    core.grantPath(path);
  }
  await shown(core)['uploads:add']({ paths, folderId: 0 });
  await until(
    'the three uploads done',
    async () => {
      const { jobs } = await shown(core)['uploads:list'](undefined);
      return jobs.length === 3 && jobs.every((j) => j.state === 'done');
    },
    60_000,
  );
  await shown(core)['sync:now']({ full: true });
  let videos: Video[] = [];
  await until('the three videos listed', async () => (videos = (await shown(core)['videos:list']({ folderId: 0, offset: 0, limit: 50 })).items).length === 3);
  const byName = (name: string) => videos.find((v) => v.name === name)!;
  for (const i of TAKEN) harness.host.control.takeDown(byName(NAMES[i]!).id);
  await shown(core)['sync:now']({ full: true });
  await until('both taken down', async () => (await shown(core)['links:health']({ offset: 0, limit: 1 })).counts.takenDown === 2, 30_000);
  await shown(core)['links:recover']({ ids: [byName(NAMES[0]!).id] });
  await until('the pair in the link map', async () => (await shown(core)['links:map']({ offset: 0, limit: 10 })).items.length === 1, 60_000);
  arabicId = byName(NAMES[1]!).id;
  post = ['[b]Travel videos[/b] — رحلاتي', ...videos.map((v) => `[url=${v.downloadUrl}]${v.name}[/url]`), '', ...videos.map((v) => `[video]${v.embedUrl}[/video]`)].join('\n');

  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await page.locator('.sidebar').waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

async function speak(language: LanguageChoice): Promise<void> {
  await harness.core.handlers['settings:set']({ language });
  const lang = language === 'system' ? 'en' : language;
  await until(`<html lang="${lang}">`, async () => (await page.evaluate(() => document.documentElement.lang)) === lang);
}

async function go(screen: (typeof SCREENS)[number]): Promise<void> {
  await page.keyboard.press(`Control+${SCREENS.indexOf(screen) + 1}`);
  await until(`the ${screen} screen`, async () => (await page.locator('.sidebar .nav[aria-current="page"]').count()) === 1 && (await page.locator('.view h1').count()) > 0);
}

/** Takedowns with the Arabic-titled video's tombstone open beside the list. */
async function takedownsWithTombstone(): Promise<void> {
  await go('takedowns');
  await until('both takedowns listed', async () => (await page.locator('article.takedown').count()) === 2);
  if ((await page.locator('aside.tombstone h2').textContent().catch(() => null)) !== NAMES[1]) {
    await page.locator(`article.takedown[data-video="${arabicId}"] button.title`).click();
  }
  await until('the tombstone', async () => (await page.locator('aside.tombstone h2').textContent().catch(() => null)) === NAMES[1]);
}

/** Fix my links with the post checked: one link replaced, one video dead with no replacement. */
async function fixLinksResult(): Promise<void> {
  await go('fix-links');
  const summary = page.getByTestId('fix-summary');
  if (!(await summary.isVisible())) {
    await page.locator('#fix-text').fill(post);
    await page.locator('.actions button.primary').click();
  }
  await until('the result', () => summary.isVisible(), 30_000);
  await until('one dead with no replacement', async () => (await page.locator('.dead li[data-video]').count()) === 1);
}

async function takenDownFilter(): Promise<void> {
  await go('library');
  const filter = page.locator('button.filter[data-filter="takenDown"]');
  if ((await filter.getAttribute('aria-pressed')) !== 'true') await filter.click();
  await until('the dead videos', async () => (await page.locator('.dead .list button.row').count()) === 2);
}

describe('the links screens in the pseudo-locale at 900 px', () => {
  it('clip no text, and axe finds nothing serious', async () => {
    await page.setViewportSize({ width: 900, height: 700 });
    await speak('en-XA');
    const problems: string[] = [];
    const look = async (where: string) => {
      problems.push(...(await clippedText(page)).map((p) => `${where}: ${p}`));
      problems.push(...(await axeViolations(page)).map((p) => `${where} axe: ${p}`));
    };
    await takedownsWithTombstone();
    await expect.poll(() => page.locator('.view h1').textContent()).toMatch(/Ţåķéđöŵñš/);
    await look('takedowns');
    await fixLinksResult();
    await look('fix-links');
    await page.locator('ul.links').scrollIntoViewIfNeeded();
    await look('fix-links (links found)');
    await takenDownFilter();
    await look('library taken down');
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('Arabic (right to left) and German', () => {
  for (const language of ['ar', 'de'] as const) {
    it(`${language}: Takedowns, Fix my links and the library's Taken down filter`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await speak(language);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await takedownsWithTombstone();
      await shootAndCheck(page, `i18n-${language}-takedowns`);
      await fixLinksResult();
      await shootAndCheck(page, `i18n-${language}-fix-links`);
      await page.locator('ul.links').scrollIntoViewIfNeeded();
      await shootAndCheck(page, `i18n-${language}-fix-links-found`);
      await takenDownFilter();
      await shootAndCheck(page, `i18n-${language}-library-taken-down`);
    }, 120_000);
  }

  it('back to the system: English again', async () => {
    await speak('system');
    await go('takedowns');
    expect(await page.locator('.view h1').textContent()).toBe('Takedowns');
  });
});
