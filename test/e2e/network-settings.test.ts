// Settings → Network in Chromium through the harness (issue 14 item 1): the default follows the
// system; a manual SOCKS5 proxy with a user name is saved with its password going to the
// keychain (never to settings.json, never back to the window); a bad port is refused in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo' });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('Settings: network', () => {
  it('saves a manual proxy, keeps its password in the keychain only, and refuses a bad port', async () => {
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    await page.getByLabel('Service address').fill(harness.host.baseUrl);
    await page.getByLabel('API key').fill(harness.host.apiKey);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).waitFor();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();

    const network = page.getByRole('region', { name: 'Network' });
    await network.waitFor();
    expect(await network.getByLabel('Use the system’s proxy settings').isChecked()).toBe(true);

    await network.getByLabel('This proxy:').check();
    await network.getByLabel('Type').selectOption('socks5');
    await network.getByLabel('Host').fill('proxy.corp.example');
    await network.getByLabel('Port').fill('70000');
    await network.getByRole('button', { name: 'Save proxy' }).click();
    await until('the port refused in words', () => network.getByRole('alert').isVisible());
    expect(await network.getByRole('alert').textContent()).toMatch(/port from 1 to 65535/);

    await network.getByLabel('Port').fill('1080');
    await network.getByLabel('User name').fill('ana');
    await network.getByLabel('Password').fill('hunter2-proxy');
    await network.getByRole('button', { name: 'Save proxy' }).click();
    await until('saved', () => network.getByRole('status').isVisible());
    const settings = await harness.core.handlers['settings:get'](undefined);
    expect(settings.proxy).toEqual({ mode: 'manual', scheme: 'socks5', host: 'proxy.corp.example', port: 1080, username: 'ana' });
    expect(await harness.core.handlers['proxy:status'](undefined)).toEqual({ hasPassword: true });
    expect(await network.getByLabel('Password').inputValue()).toBe('');
    await network.getByRole('button', { name: 'Forget password' }).waitFor();
    const onDisk = await readFile(join(harness.dataDir, 'settings.json'), 'utf8');
    expect(onDisk).toContain('proxy.corp.example');
    expect(onDisk).not.toContain('hunter2-proxy');
    expect(await page.content()).not.toContain('hunter2-proxy');
    await shootAndCheck(page, '16-settings-proxy');

    // Issue 27 item 3: the password was kept for that proxy and user; another host has none.
    await network.getByLabel('Host').fill('other.corp.example');
    await network.getByRole('button', { name: 'Save proxy' }).click();
    await until('the other host saved without a password', async () => !(await harness.core.handlers['proxy:status'](undefined)).hasPassword);
    await until('no password offered to forget', async () => (await network.getByRole('button', { name: 'Forget password' }).count()) === 0);

    await network.getByLabel('Use the system’s proxy settings').check();
    await until('back to the system', async () => (await harness.core.handlers['settings:get'](undefined)).proxy.mode === 'system');
  });
});
