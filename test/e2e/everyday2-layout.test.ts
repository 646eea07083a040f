// Issue 26 §4 "Layout" and "Video actions", in Chromium through the harness: long titles end
// with "…"; at 900 px "More" is not clipped, "All folders" stays on one line and the details
// share the width with the list instead of covering it; the tree's marks and rename button do
// not cut folder names; History shows no queue buttons; "Open on the website" goes through the
// shell. Screens everyday2-layout-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';

const LONG_TITLE = 'The whole uncut recording of the harbour festival evening with every band and the fireworks at the end.mp4';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  harness.host.control.addVideo({ name: LONG_TITLE, folderId: 0 });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await page.getByRole('navigation', { name: 'Folders' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const row = () => page.locator('.videos [data-video-id]', { hasText: LONG_TITLE.slice(0, 30) }).first();
const box = (selector: string) => page.locator(selector).first().evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
});
/** The element's text is cut with an ellipsis by CSS (its content is wider than its box). */
const ellipsized = (selector: string) =>
  page.locator(selector).first().evaluate((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth);

describe('layout at 1280 and 900 px', () => {
  it('ends long titles with "…", keeps the details beside the list, and nothing runs off the edge', async () => {
    await until('the long title', () => row().isVisible(), 30_000);
    await row().click();
    await page.locator('aside.details').waitFor();
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 800 });
      await until(`the list at ${width}`, async () => (await box('.videos')).right <= (await box('aside.details')).left + 1);
      expect(await ellipsized(`.videos [data-video-id="${await row().getAttribute('data-video-id')}"] .name`)).toBe(true);
      // "All folders" on one line; every toolbar control inside the window.
      const allFolders = await box('.search .inline');
      expect(allFolders.height).toBeLessThan(30);
      for (const button of await page.locator('.toolbar button:visible').all()) {
        const r = await button.boundingBox();
        expect(r!.x + r!.width).toBeLessThanOrEqual(width + 0.5);
      }
      // The details' own controls (the links' Copy buttons) stay inside the panel.
      const contentRight = await page.locator('aside.details').evaluate((el) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight));
      for (const button of await page.locator('aside.details .link button').all()) {
        const r = await button.boundingBox();
        expect(r!.x + r!.width).toBeLessThanOrEqual(contentRight + 0.5);
      }
      await shootAndCheck(page, `everyday2-layout-${width}`);
    }
    // 900 px with the folder list hidden: the toolbar wraps instead of pushing More off the edge.
    await page.getByRole('button', { name: 'Hide folders' }).click();
    await page.locator('.library .rail').waitFor();
    const more = page.getByRole('button', { name: 'More ▾' });
    const r = await more.boundingBox();
    expect(r!.x + r!.width).toBeLessThanOrEqual(900.5);
    await more.click();
    await page.locator('#library-more').waitFor();
    const menu = await box('#library-more');
    expect(menu.right).toBeLessThanOrEqual(900.5);
    await shootAndCheck(page, 'everyday2-layout-900-more');
    await page.keyboard.press('Escape');
    await until('the menu closed by Escape', async () => !(await page.locator('#library-more').isVisible()));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('More ▾');
    await more.click();
    await page.locator('#library-more').waitFor();
    await page.locator('.toolbar h1').click();
    await until('the menu closed by a click outside', async () => !(await page.locator('#library-more').isVisible()));
    await page.locator('.library .rail').click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('tree names keep their room: no hidden rename button or word badge takes it', async () => {
    const item = page.locator('.tree .item', { hasText: 'Iceland Road Trip' }).first();
    const name = item.locator('.name');
    const count = item.locator('.files');
    const nameBox = (await name.boundingBox())!;
    const countBox = (await count.boundingBox())!;
    // The name runs up to the count: nothing invisible sits between them.
    expect(countBox.x - (nameBox.x + nameBox.width)).toBeLessThan(12);
  });

  it('opens the video on the website through the shell', async () => {
    await row().click();
    const link = await page.locator('#link-download').inputValue();
    await page.getByRole('button', { name: 'Open on the website' }).click();
    await until('the link opened', () => harness.shell.openedLinks().includes(link));
  });

  it('History shows its own bar, not the queue\'s buttons', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    expect(await page.getByRole('button', { name: 'Pause all' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await until('the history', () => page.getByRole('button', { name: 'Copy the links' }).isVisible());
    for (const name of ['Add files…', 'Pause all', 'Clear finished']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await page.setViewportSize({ width: 900, height: 800 });
    await shootAndCheck(page, 'everyday2-layout-900-history');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('an empty account', () => {
  it('says the library is loading or when it was updated, never "updated not loaded yet (refreshing)"', async () => {
    const empty = await startHarness({ seed: 'empty', configured: true });
    const emptyPage = await newPage(browser, empty.url);
    try {
      const hint = emptyPage.locator('.toolbar .title .hint');
      await hint.waitFor();
      const seen: string[] = [];
      await until('the first listing answered', async () => {
        const text = ((await hint.textContent()) ?? '').trim();
        seen.push(text);
        return text.startsWith('updated ');
      }, 30_000);
      for (const text of seen) {
        expect(text).not.toMatch(/updated not loaded yet/);
        expect(text).toMatch(/^(updated |loading from the service…|not loaded yet)/);
      }
    } finally {
      await emptyPage.context().close();
      await empty.close();
    }
  }, 60_000);
});
