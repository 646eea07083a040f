// Everyday use at two window sizes (issue 17 items 8, 9, 10), in Chromium through the harness
// on the `large:2000` seed plus a folder with a 100-character name: the tree is one Tab stop
// and works by keyboard, the list keeps focus with End and Page Down, Ctrl+A / Escape / Ctrl+F
// work, and at 900 × 700 nothing is cut off: the toolbar's extras go to "More", the details
// open beside the list without covering it (issue 26). Screens everyday-*.png, light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';
import { shown } from '../support/shown-account.ts';

const LONG = 'Recordings from the long summer road trip across the northern coast with friends and family 2024';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'large:2000', configured: true });
  harness.host.control.addVideo({ name: 'A clip in the long folder.mp4', folderId: 0 });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await shown(harness.core)['folders:create']({ name: LONG });
  await page.getByRole('navigation', { name: 'Folders' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const tree = () => page.getByRole('tree');
const activeText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
const activeTag = () => page.evaluate(() => document.activeElement?.tagName ?? '');

describe('everyday layout and keyboard', () => {
  it('1280 × 800: a long folder name is clamped, the tree is one Tab stop and works by keyboard', async () => {
    await until('the long folder in the tree', () => tree().getByRole('treeitem', { name: new RegExp(LONG.slice(0, 30)) }).isVisible());
    const width = await page.locator('.tree').evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client + 1);
    expect(await tree().locator('[role="treeitem"][tabindex="0"]').count()).toBe(1);

    await tree().locator('[role="treeitem"][tabindex="0"]').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = await activeText();
    await page.keyboard.press('Enter');
    await until('the folder opened from the keyboard', async () => ((await page.locator('.toolbar h1').textContent()) ?? '').length > 0 && second.includes(((await page.locator('.toolbar h1').textContent()) ?? '').trim()));
    // One Tab from the tree leaves it (it used to take two stops per folder).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="tree"]') === null)).toBe(true);
    await shootAndCheck(page, 'everyday-1280-tree');
  });

  it('1280 × 800: End and Page Down keep focus in the list; Ctrl+A, Escape and Ctrl+F work', async () => {
    await tree().getByRole('treeitem').first().click();
    await page.locator('.videos [data-video-id]').first().waitFor();
    await page.locator('.videos [data-video-id]').first().focus();
    await page.keyboard.press('End');
    await until('the last row focused', async () => (await activeTag()) === 'BUTTON' && (await page.evaluate(() => !!document.activeElement?.closest('.videos'))));
    await page.keyboard.press('PageUp');
    // The row is drawn, then focused (moveTo waits for it): focus ends in the list, never on the page.
    await until('focus in the list after Page Up', async () => (await activeTag()) === 'BUTTON' && (await page.evaluate(() => !!document.activeElement?.closest('.videos'))));
    await page.keyboard.press('Control+a');
    await until('all selected', async () => /selected/.test((await page.locator('.videos .count').textContent()) ?? ''));
    await page.keyboard.press('Escape');
    await until('selection cleared', async () => !/selected/.test((await page.locator('.videos .count').textContent()) ?? ''));
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    await page.keyboard.press('Control+f');
    await until('search focused on the library', async () => page.evaluate(() => document.activeElement?.id === 'video-search'));
    await page.keyboard.press('Escape');
    await page.locator('.videos [data-video-id]').first().click();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Ctrl\+F.*Search the library/s);
    await shootAndCheck(page, 'everyday-1280-shortcuts');
    await page.keyboard.press('Escape');
    await until('the dialog closed', async () => !(await dialog.isVisible()));
  });

  it('900 × 700: nothing is cut off, extras go to More, details open beside the list without covering it', async () => {
    await page.setViewportSize({ width: 900, height: 700 });
    const toolbar = await page.locator('.toolbar').evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(toolbar.scroll).toBeLessThanOrEqual(toolbar.client + 1);
    expect(await page.getByRole('button', { name: 'Add files…' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'More ▾' }).click();
    expect(await page.getByRole('group', { name: 'More actions' }).getByRole('button', { name: 'Add folder…' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'More ▾' }).click();

    await page.locator('.videos [data-video-id]').nth(1).click({ position: { x: 30, y: 20 } });
    await page.locator('.details').waitFor();
    // Issue 26: the details sit beside the list, never over it; the list keeps a readable column.
    const list = await page.locator('.videos').evaluate((el) => el.getBoundingClientRect());
    const details = await page.locator('.details').evaluate((el) => el.getBoundingClientRect());
    expect(list.right).toBeLessThanOrEqual(details.left + 1);
    expect(list.width).toBeGreaterThan(200);
    await shootAndCheck(page, 'everyday-900-drawer');
    await page.getByRole('button', { name: 'Close details' }).click();
    await until('the drawer closed', async () => (await page.locator('.details').count()) === 0);

    await page.getByRole('button', { name: 'Hide folders' }).click();
    await page.getByRole('button', { name: 'Show folders' }).waitFor();
    await shootAndCheck(page, 'everyday-900-folders-hidden');
    await page.getByRole('button', { name: 'Show folders' }).click();
    const splitter = page.getByRole('separator', { name: 'Width of the folder list' });
    await splitter.focus();
    await page.keyboard.press('ArrowRight');
    expect(Number(await splitter.getAttribute('aria-valuenow'))).toBeGreaterThan(220);
    await shootAndCheck(page, 'everyday-900-library');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
