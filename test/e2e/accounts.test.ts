// Issue 14 part 2 through the browser harness: a second account added in Settings, switched
// with the sidebar's account menu. After each switch the window shows that account's library
// and queue only, never a row of the other; removing asks first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';
import { shown } from '../support/shown-account.ts';

let harness: Harness;
let browser: Browser;
let page: Page;
let secondKey: string;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  secondKey = harness.host.control.addAccount({ seed: 'empty' }).apiKey;
  // Only the second account has this video: it must never show under the first.
  harness.host.control.addVideo({ name: 'only-in-second-account.mp4', size: 1234 }, secondKey);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const listText = async (): Promise<string> => (await page.locator('.screen').textContent()) ?? '';
const switcher = () => page.getByRole('navigation', { name: 'Screens' }).getByLabel('Account');

async function showScreen(name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
}

describe('several accounts', () => {
  it('adds a second account, switches, and never shows one account’s rows under the other', async () => {
    // The newest video of the root folder: the list's first row.
    const firstTitle = (await shown(harness.core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).items[0]!.name;
    await until('the first library', async () => (await listText()).includes(firstTitle), 30_000);

    await showScreen('Settings');
    await page.getByRole('button', { name: 'Add account…' }).click();
    const form = page.getByRole('form', { name: 'Add an account' });
    await form.getByLabel('Name (optional)').fill('Second');
    await form.getByLabel('Service address').fill(harness.host.baseUrl);
    await form.getByLabel('API key').fill(secondKey);
    await form.getByRole('button', { name: 'Check and add' }).click();
    await until('the second account shown', async () => (await switcher().inputValue()) !== '' && (await page.getByRole('heading', { name: /Shown account: Second/ }).isVisible()), 30_000);
    await shootAndCheck(page, 'accounts-settings');

    await showScreen('Library');
    await until('the second library', async () => (await listText()).includes('only-in-second-account.mp4'), 30_000);
    expect(await listText()).not.toContain(firstTitle);

    // Back to the first account with the sidebar menu.
    const firstId = (await harness.core.handlers['accounts:list'](undefined)).accounts.find((a) => a.name !== 'Second')!.id;
    await switcher().selectOption(firstId);
    await until('the first library again', async () => (await listText()).includes(firstTitle), 30_000);
    expect(await listText()).not.toContain('only-in-second-account.mp4');
    await showScreen('Uploads');
    await until('the uploads screen', async () => (await listText()).length > 0);
    expect(await listText()).not.toContain('only-in-second-account');
    await showScreen('Library');
    await shootAndCheck(page, 'accounts-switcher');
  }, 120_000);

  it('asks before removing an account and offers to delete its local data', async () => {
    await showScreen('Settings');
    await page.getByRole('button', { name: 'Remove Second' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Remove “Second”?');
    await confirm.getByLabel(/Also delete its library/).check();
    await shootAndCheck(page, 'accounts-remove');
    await confirm.getByRole('button', { name: 'Remove account' }).click();
    await until('the account gone', async () => (await harness.core.handlers['accounts:list'](undefined)).accounts.length === 1);
    await until('the list updated', async () => (await page.getByRole('button', { name: 'Remove Second' }).count()) === 0);
  }, 60_000);

  // Issue 27 item 4: the shown account's key is revoked and the person enters a key of another
  // account on the same service. It becomes that account, and the window says so.
  it('says so when a new key belongs to another account, and keeps the shown one apart', async () => {
    const firstId = (await harness.core.handlers['accounts:list'](undefined)).accounts[0]!.id;
    const otherKey = harness.host.control.addAccount({ seed: 'empty' }).apiKey;
    harness.host.control.revokeKey(harness.host.apiKey);
    await showScreen('Settings');
    await page.getByRole('button', { name: 'Replace key…' }).click();
    await page.getByLabel('New API key').fill(otherKey);
    await page.getByRole('button', { name: 'Check and save' }).click();
    const told = page.getByRole('status', { name: 'Where the key went' });
    await until('the explanation', () => told.isVisible(), 30_000);
    const text = (await told.textContent()) ?? '';
    expect(text).toMatch(/This key belongs to user\d+@vidhost\.example, not to owner@vidhost\.example\./);
    expect(text).toContain('added it as another account');
    expect(text).not.toContain(otherKey);
    const view = await harness.core.handlers['accounts:list'](undefined);
    expect(view.accounts.map((a) => [a.id === firstId, a.active])).toEqual([
      [true, false],
      [false, true],
    ]);
    await shootAndCheck(page, 'accounts-key-of-another');

    await told.getByRole('button', { name: /^Show “/ }).click();
    await until('the first account shown again', async () => (await harness.core.handlers['accounts:list'](undefined)).activeId === firstId);
    await until('the explanation gone', async () => (await told.count()) === 0);
  }, 60_000);
});
