// Issue 26 §4 "Reports": the service answers from day one of the month; "Last 7 days" on
// November 23 shows November 17-23 and the totals of those seven days, in Chromium through the
// harness against a sandbox whose clock reads November 23. Screens everyday2-reports-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';

// The sandbox's clock: November 23, 2026, 15:00 local, moving on from there.
const offset = new Date(2026, 10, 23, 15, 0, 0).getTime() - Date.now();

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true, hostOptions: { now: () => Date.now() + offset } });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('report range', () => {
  it('"Last 7 days" charts November 17-23 with those days\' totals', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Account' }).click();
    const summary = page.locator('.reports p.hint');
    await until('the reports loaded', async () => /from .* to /.test((await summary.textContent()) ?? ''), 30_000);
    await page.getByRole('combobox', { name: 'Report range' }).selectOption({ label: 'Last 7 days' });

    const served = await fetch(`${harness.host.baseUrl}/v1/account/reports?last=7`, { headers: { 'X-Api-Key': harness.host.apiKey } }).then(
      (r) => r.json() as Promise<{ list: Array<{ day: string; views: number; downloads: number; profitTotal: string }> }>,
    );
    expect(served.list[0]?.day).toBe('2026-11-01');
    const week = served.list.filter((d) => d.day >= '2026-11-17' && d.day <= '2026-11-23');
    expect(week).toHaveLength(7);
    const expected = await page.evaluate(
      ({ views, downloads, profit }) => {
        const day = (d: number) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 10, d));
        const count = (n: number) => new Intl.NumberFormat().format(n);
        const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 5 }).format(profit);
        return `from ${day(17)} to ${day(23)}: ${count(views)} views, ${count(downloads)} downloads, ${money} profit in all.`;
      },
      {
        views: week.reduce((s, d) => s + d.views, 0),
        downloads: week.reduce((s, d) => s + d.downloads, 0),
        profit: week.reduce((s, d) => s + Number(d.profitTotal), 0),
      },
    );
    await until('the seven days shown', async () => ((await summary.textContent()) ?? '').endsWith(expected));
    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 800 });
      await shootAndCheck(page, `everyday2-reports-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
