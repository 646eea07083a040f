// Issue 14 part 2 through the browser harness: a second account added in Settings, switched
// with the sidebar's account menu. After each switch the window shows that account's library
// and queue only, never a row of the other; removing asks first.
import { mkdir } from 'node:fs/promises';
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
let secondKey: string;
/** The newest video of the first account's root folder: the list's first row. */
let firstTitle: string;

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
    firstTitle = (await shown(harness.core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).items[0]!.name;
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

  // Issue 28 item 6: the managers register for account:opened/closed once; a switch leaves
  // nothing of the account shown before on any screen: the library, the uploads, the account's
  // figures, its watch folders in Settings, and its changes waiting in the outbox panel.
  it('leaves no data of the account shown before on any screen after a switch', async () => {
    const view = await harness.core.handlers['accounts:list'](undefined);
    const firstId = view.accounts.find((a) => a.name !== 'Second')!.id;
    const secondId = view.accounts.find((a) => a.name === 'Second')!.id;
    expect(view.activeId).toBe(firstId);

    // The first account's own data on each screen: a watch folder, and a change waiting offline.
    const recordings = join(harness.dataDir, 'first-account-recordings');
    await mkdir(recordings, { recursive: true });
    await showScreen('Settings');
    const watchList = page.getByRole('region', { name: 'Watch folders' });
    harness.shell.setNextDialogResult([recordings]);
    await watchList.getByRole('button', { name: 'Add folder…' }).click();
    await until('the watch folder listed', async () => (await watchList.getByRole('listitem').count()) === 1);
    harness.host.control.setOffline(true);
    await until('offline', async () => (await shown(harness.core)['connection:check'](undefined)).state === 'offline', 30_000);
    const folder = (await shown(harness.core)['folders:list'](undefined)).folders.find((f) => f.id > 0)!;
    await shown(harness.core)['folders:rename']({ id: folder.id, name: 'first-account-only-folder' });
    await until('the rename waiting', async () => (await shown(harness.core)['outbox:list'](undefined)).items.length === 1, 30_000);
    await page.getByRole('button', { name: /changes? waiting/ }).click();
    const panel = page.locator('#outbox-panel');
    await until('the outbox panel lists the rename', async () => ((await panel.textContent()) ?? '').includes('first-account-only-folder'));
    await showScreen('Account');
    await until('the first account’s figures', async () => (await listText()).includes('owner@vidhost.example'), 30_000);
    const firstMarks = ['first-account-recordings', 'first-account-only-folder', 'owner@vidhost.example'];

    // Switched with the outbox panel open on the Settings screen: both show the second account only.
    await showScreen('Settings');
    await switcher().selectOption(secondId);
    await until('the second account shown', () => page.getByRole('heading', { name: /Shown account: Second/ }).isVisible(), 30_000);
    await until('no watch folder of the first account', async () => ((await watchList.textContent()) ?? '').includes('No folders watched yet.'));
    await until('the outbox panel emptied', async () => ((await panel.textContent()) ?? '').includes('Nothing waits'));
    const everywhere = async (): Promise<string> => (await page.locator('body').textContent()) ?? '';
    for (const mark of firstMarks) expect(await everywhere(), `Settings after the switch shows ${mark}`).not.toContain(mark);
    await shootAndCheck(page, 'accounts-switched-settings');
    await panel.getByRole('button', { name: 'Close' }).click();
    await watchList.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'accounts-switched-watch');
    for (const screen of ['Library', 'Uploads', 'Remote imports', 'Account']) {
      await showScreen(screen);
      await until(`the ${screen} screen`, async () => (await listText()).length > 0);
      for (const mark of [...firstMarks, firstTitle]) expect(await everywhere(), `${screen} after the switch shows ${mark}`).not.toContain(mark);
      if (screen === 'Library') {
        await until('the second library', async () => (await listText()).includes('only-in-second-account.mp4'), 30_000);
        await shootAndCheck(page, 'accounts-switched-library');
      }
    }

    // Back online and to the first account: its rename is sent, and the remove test finds it shown.
    harness.host.control.setOffline(false);
    await switcher().selectOption(firstId);
    await until('the first account shown again', async () => (await harness.core.handlers['accounts:list'](undefined)).activeId === firstId);
    await showScreen('Library');
    await until('the first library again', async () => (await listText()).includes(firstTitle), 30_000);
  }, 180_000);

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
    // Settings' own button: once the window has seen the key refused, the status bar offers one too.
    await page.getByRole('main').getByRole('button', { name: 'Replace key…' }).click();
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
