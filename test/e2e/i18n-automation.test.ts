// Settings › Running unattended, Notifications and Hooks in German and Arabic (issue 30), in
// Chromium through the harness: every word of window-automation.json that German says otherwise
// is gone from the screen in English, a bad timetable part is named in the language, the week
// grid's cells are named with Intl's weekday and clock, and in Arabic the week reads right to
// left (midnight at the right, the day names on the right). Screens
// i18n-{de,ar}-automation-{unattended,windows,destinations,hooks}-{light,dark}.png, axe-checked.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';
import { DEFAULT_UPLOAD_WINDOWS } from '../../shared/upload-windows.ts';

const TIMETABLE = '08:00,512k 12:00,10M 18:00,30M 23:00,off Sat-10:00,1M';

let harness: Harness;
let browser: Browser;
let page: Page;

function catalog(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, `../../shared/i18n/messages/${locale}/window-automation.json`), 'utf8')) as Record<string, unknown>;
}

/** The English sentences of the area that German words otherwise: none may be left on a German or Arabic screen. */
function englishThatMustGo(): string[] {
  const en = catalog('en');
  const de = catalog('de');
  // Plain messages without params; ones that read the same in German (brand-like words) say nothing.
  return Object.keys(en).filter((key) => key !== '$schema' && typeof en[key] === 'string' && !(en[key] as string).includes('{') && en[key] !== de[key] && (en[key] as string).length > 3).map((key) => en[key] as string);
}

/** The text says these words as words of their own: "Program" is inside German's "Programm". */
function saysWhole(text: string, words: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}([^\\p{L}]|$)`, 'u').test(text);
}

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  await harness.core.handlers['settings:set']({ bandwidthTimetable: TIMETABLE, uploadWindows: { enabled: true, days: DEFAULT_UPLOAD_WINDOWS.days.map((_, day) => (day === 0 ? null : day === 5 ? { from: 22 * 60, to: 6 * 60 } : { from: 60, to: 7 * 60 })) } });
  await harness.core.handlers['notify:save']({
    destination: { kind: 'webhook', name: 'Studio-Server', url: 'http://127.0.0.1:9/vidlift', chatId: null, events: ['batchFinished', 'uploadFailed'], format: 'markdown' },
    secret: 'e2e-signing-secret-0123456789',
  });
  await harness.core.handlers['notify:save']({ destination: { kind: 'telegram', name: 'Телефон', url: null, chatId: '@vidlift_e2e', events: ['queueBlocked', 'takedownsFound'], format: 'download' }, secret: '123456:e2e-bot-token-abcdefghijklmnop' });
  harness.shell.setNextHookConfirmation(true);
  await harness.shell.handlers['hooks:set']({ afterUpload: { file: '/usr/local/bin/after-upload', args: ['--archive'] } });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await page.locator('.sidebar').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

async function speak(language: 'de' | 'ar'): Promise<void> {
  await harness.core.handlers['settings:set']({ language });
  await until(`<html lang="${language}">`, async () => (await page.evaluate(() => document.documentElement.lang)) === language);
}

async function showSettings(): Promise<void> {
  await page.keyboard.press('Control+7');
  await until('the Settings screen', async () => (await page.locator('.sidebar .nav[aria-current="page"]').count()) === 1 && (await page.locator('#unattended-title').count()) === 1);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function shootFrom(heading: Locator, name: string): Promise<void> {
  await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await shootAndCheck(page, name);
}

/** Where a cell's box starts, from the left of the page. */
async function leftOf(cell: Locator): Promise<number> {
  const box = await cell.boundingBox();
  if (!box) throw new Error('the cell is not shown');
  return box.x;
}

/** A cell's name from its start: "Montag 00:00: …"; Arabic isolates each value (U+2068 … U+2069) and may write its own digits. */
function cellName(day: string, hour: string): RegExp {
  return new RegExp(`^\u2068?${day}\u2069? \u2068?${hour}:(00|٠٠)\u2069?: `);
}

const WORDS = {
  de: { unattended: 'Unbeaufsichtigter Betrieb', notify: 'Benachrichtigungen an Chats und Webhooks', hooks: 'Hooks', monday: 'Montag', saturday: 'Samstag', hourProblem: '„25:00“: Die Stunde muss zwischen 00 und 23 liegen', add: 'Ziel hinzufügen…', nextDay: 'endet am nächsten Tag' },
  ar: { unattended: 'التشغيل دون مراقبة', notify: 'الإشعارات إلى الدردشات والويب هوك', hooks: 'الخطافات', monday: 'الاثنين', saturday: 'السبت', hourProblem: '«25:00»: يجب أن تكون الساعة من 00 إلى 23', add: 'إضافة وجهة…', nextDay: 'ينتهي في اليوم التالي' },
} as const;

describe('Settings › Running unattended, Notifications and Hooks in German and Arabic', () => {
  for (const language of ['de', 'ar'] as const) {
    it(`${language}: worded in the language, the grid named by Intl, the week in the language's direction`, async () => {
      const words = WORDS[language];
      await speak(language);
      await showSettings();
      const unattended = page.getByRole('region', { name: words.unattended });
      await unattended.waitFor();

      const text = await page.locator('.view').innerText();
      expect(englishThatMustGo().filter((english) => saysWhole(text, english))).toEqual([]);

      // A cell is named with the language's weekday and clock, and the rate in its words.
      const mondayMidnight = unattended.getByRole('gridcell', { name: cellName(words.monday, '(00|٠٠)') });
      const mondayLast = unattended.getByRole('gridcell', { name: cellName(words.monday, '(23|٢٣)') });
      await mondayMidnight.waitFor();
      expect(await unattended.getByRole('gridcell', { name: cellName(words.saturday, '(10|١٠)') }).count()).toBe(1);
      const dayName = unattended.getByRole('rowheader').first();
      if (language === 'ar') {
        // Right to left: the day's first hour at the right, its last at the left, the day names beyond the first hour.
        expect(await leftOf(mondayMidnight)).toBeGreaterThan(await leftOf(mondayLast));
        expect(await leftOf(dayName)).toBeGreaterThan(await leftOf(mondayMidnight));
      } else {
        expect(await leftOf(mondayMidnight)).toBeLessThan(await leftOf(mondayLast));
        expect(await leftOf(dayName)).toBeLessThan(await leftOf(mondayMidnight));
      }
      await shootFrom(unattended.getByRole('heading', { name: words.unattended }), `i18n-${language}-automation-unattended`);
      // The upload windows below the grid: each weekday by its name, a window past midnight said so.
      await unattended.getByText(words.nextDay).waitFor();
      await shootFrom(unattended.locator('legend'), `i18n-${language}-automation-windows`);

      // A bad part is named in the language; nothing is saved.
      const timetable = unattended.locator('#timetable');
      await timetable.fill('08:00,512k 25:00,1M');
      await until('the bad part named', () => unattended.getByRole('alert').isVisible());
      expect(await unattended.getByRole('alert').textContent()).toBe(words.hourProblem);
      await timetable.fill(TIMETABLE);
      expect((await harness.core.handlers['settings:get'](undefined)).bandwidthTimetable).toBe(TIMETABLE);

      const notify = page.getByRole('region', { name: words.notify });
      await notify.getByRole('button', { name: words.add }).click();
      await notify.locator('form').waitFor();
      await shootFrom(notify.getByRole('heading', { name: words.notify }), `i18n-${language}-automation-destinations`);
      await notify.locator('form').getByRole('button', { name: language === 'de' ? 'Abbrechen' : 'إلغاء' }).click();

      const hooks = page.getByRole('region', { name: words.hooks, exact: true });
      await shootFrom(hooks.getByRole('heading', { name: words.hooks, exact: true }), `i18n-${language}-automation-hooks`);
    });
  }
});
