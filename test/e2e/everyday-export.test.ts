// Issue 13 section 2 through the browser harness: the Links menu with a live preview in each
// format, copy, and save to a file chosen in the save dialog (streamed by the core); for the
// folder on screen and for a selection; a save to a file cancelled while it runs (issue 28).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  harness = await startHarness({ seed: 'demo', configured: true });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const dialog = () => page.getByRole('dialog', { name: /Links of/ });
const preview = () => dialog().getByLabel('Preview');

describe('the Links menu', () => {
  it('previews the folder’s links in each format, copies them, and saves them to the chosen file', async () => {
    const total = async () => (await shown(harness.core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).total;
    await until('the library', async () => (await total()) > 0, 30_000);
    const count = await total();
    // The toolbar with "Links…" in it still fits at 1280 × 800 (issue 17 item 9).
    const right = await page.locator('header.toolbar button:visible').evaluateAll((buttons) => Math.max(...buttons.map((b) => b.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(1280);
    await page.getByRole('button', { name: 'Links…' }).click();
    await until('the preview', async () => ((await preview().textContent()) ?? '').startsWith('http'), 20_000);
    expect(await dialog().getByRole('status').first().textContent()).toContain(`${count} videos`);
    await dialog().getByLabel('Format').selectOption('bbcode');
    await until('BBCode', async () => ((await preview().textContent()) ?? '').startsWith('[url='));
    await dialog().getByLabel('Format').selectOption('iframe');
    await dialog().getByLabel('Width').fill('800');
    await until('the iframe size', async () => ((await preview().textContent()) ?? '').includes('width="800"'));
    await shootAndCheck(page, 'everyday-export');
    await dialog().getByLabel('Format').selectOption('template');
    await dialog().getByRole('textbox', { name: /Template/ }).fill('{title} | {nope}');
    await until('the template refused in words', async () => ((await dialog().textContent()) ?? '').includes('is not a placeholder'));
    await dialog().getByRole('textbox', { name: /Template/ }).fill('{title} | {download}');
    await until('the template', async () => ((await preview().textContent()) ?? '').includes(' | http'));
    await dialog().getByRole('button', { name: 'Copy' }).click();
    await until('copied', () => (harness.shell.copiedTexts().at(-1) ?? '').split('\n').filter(Boolean).length === count);

    await dialog().getByLabel('Format').selectOption('csv');
    const file = join(harness.fixtureDir, 'home-links.csv');
    harness.shell.setNextSavePath(file);
    await dialog().getByRole('button', { name: 'Save to a file…' }).click();
    await until('the file saved', async () => (await dialog().count()) === 0, 20_000);
    const lines = readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('id,title,size,lengthSeconds,views,created,folder,download,embed,thumbnail');
    expect(lines).toHaveLength(count + 1);
  }, 120_000);

  it('exports exactly the selection', async () => {
    const first = page.locator('.videos [data-index="0"] button').first();
    await first.click();
    await page.locator('.videos [data-index="2"] button').first().click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: 'Links…' }).click();
    await until('the selection’s preview', async () => ((await dialog().getByRole('status').first().textContent()) ?? '').includes('3 videos'), 20_000);
    expect((await preview().textContent())?.trim().split('\n')).toHaveLength(3);
    await page.setViewportSize({ width: 900, height: 700 });
    await shootAndCheck(page, 'everyday-export-900');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog().getByRole('button', { name: 'Close' }).click();
  }, 60_000);

  it('saving to a file shows Cancel while it runs; cancelled, no file is left', async () => {
    // The page's calls pass through here: the save's start is held back, so the dialog shows
    // it running (a real export of the demo library ends before a screenshot could be taken).
    let holding = true;
    let held: { send: () => void } | null = null;
    await page.context().routeWebSocket(/.*/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        if (holding && typeof message === 'string' && message.includes('"export:toFile"')) held = { send: () => server.send(message) };
        else server.send(message);
      });
      server.onMessage((message) => socket.send(message));
    });
    await page.reload();
    await until('the library', async () => (await page.getByRole('button', { name: 'Links…' }).count()) === 1, 30_000);
    await page.getByRole('button', { name: 'Links…' }).click();
    await until('the preview', async () => ((await preview().textContent()) ?? '').startsWith('http'), 20_000);
    await dialog().getByLabel('Format').selectOption('csv');
    const file = join(harness.fixtureDir, 'cancelled-links.csv');
    harness.shell.setNextSavePath(file);
    await dialog().getByRole('button', { name: 'Save to a file…' }).click();
    await until('the save running', async () => held !== null && (await dialog().getByRole('button', { name: 'Cancel' }).isVisible()), 20_000);
    expect(await dialog().getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);
    expect(await dialog().textContent()).toContain('Saving… 0 written');
    await shootAndCheck(page, 'everyday-export-saving');

    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await until('the cancel sent', async () => ((await dialog().textContent()) ?? '').includes('Cancelling…'));
    // The start arrives after its cancel (the token was cancelled first): it stops at once.
    holding = false;
    held!.send();
    await until('the save ended', async () => (await dialog().getByRole('button', { name: 'Cancel' }).count()) === 0, 20_000);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(harness.fixtureDir).filter((name) => name.includes('cancelled-links'))).toEqual([]);
    expect(await dialog().getByRole('button', { name: 'Close' }).isEnabled()).toBe(true);
    await dialog().getByRole('button', { name: 'Close' }).click();
  }, 90_000);
});
