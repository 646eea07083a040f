// Issue 31 §4, §5 in Chromium through the harness: Settings → Notifications adds a signed
// webhook and a Discord destination (their secrets go to the keychain and are shown only as
// "set"), Send test reaches a loopback receiver; Settings → Hooks proposes a command that is
// set only when the app's own confirmation says yes (the harness's scripted dialog).
// Screens: automation-destinations-*.png, automation-destinations-form-*.png,
// automation-hooks-*.png, light and dark, axe-checked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until } from './support.ts';

const SIGNING_SECRET = 'e2e-signing-secret-0123456789';
const DISCORD_TOKEN = 'e2e-discord-webhook-token';

let harness: Harness;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverBase: string;
const received: Array<{ path: string; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  harness = await startHarness({ seed: 'demo', configured: true });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function openSettings(): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
}

describe('Settings: notifications and hooks', () => {
  it('adds destinations whose secrets are never shown again, and sends a test', async () => {
    await openSettings();
    const section = page.getByRole('region', { name: 'Notifications to chat and webhooks' });
    await section.waitFor();
    await section.getByRole('button', { name: 'Add destination…' }).click();
    const form = section.getByRole('form', { name: 'New destination' });
    await form.getByLabel('Name').fill('My server');
    await form.getByLabel('Address').fill(`${receiverBase}/vidlift`);
    await form.getByLabel('Signing secret').fill(SIGNING_SECRET);
    await form.getByLabel('Links of a finished batch as').selectOption('markdown');
    await form.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'automation-destinations-form');
    await form.getByRole('button', { name: 'Save destination' }).click();
    await until('saved', () => section.getByRole('status').isVisible());

    await section.getByRole('button', { name: 'Add destination…' }).click();
    const discord = section.getByRole('form', { name: 'New destination' });
    await discord.getByLabel('Kind').selectOption('discord');
    await discord.getByLabel('Name').fill('Team Discord');
    await discord.getByLabel('Webhook address').fill(`${receiverBase}/api/webhooks/42/${DISCORD_TOKEN}`);
    await discord.getByLabel('Takedowns found').check();
    await discord.getByRole('button', { name: 'Save destination' }).click();
    await until('both listed', async () => (await section.getByRole('listitem').count()) === 2);
    expect(await section.getByRole('listitem').first().textContent()).toContain('Signing secret: set');

    const saved = (await harness.core.handlers['notify:list'](undefined)).destinations;
    expect(saved.map((d) => [d.kind, d.name, d.format, d.secretSet])).toEqual([
      ['webhook', 'My server', 'markdown', true],
      ['discord', 'Team Discord', 'download', true],
    ]);
    expect(saved[1]!.events).toEqual(['batchFinished', 'uploadFailed', 'queueBlocked', 'takedownsFound']);
    const onDisk = await readFile(join(harness.dataDir, 'settings.json'), 'utf8');
    for (const secret of [SIGNING_SECRET, DISCORD_TOKEN]) {
      expect(onDisk).not.toContain(secret);
      expect(await page.content()).not.toContain(secret);
    }

    await section.getByRole('listitem').first().getByRole('button', { name: 'Send test' }).click();
    await until('the test arrived', () => received.some((r) => r.path === '/vidlift' && r.body.includes('"test"')));
    await until('said so', async () => (await section.getByRole('status').textContent())?.includes('A test message reached “My server”'));

    // Editing keeps the secret unless a new one is typed; the field only says it is set.
    await section.getByRole('listitem').first().getByRole('button', { name: 'Edit…' }).click();
    const edit = section.getByRole('form', { name: 'Edit destination' });
    expect(await edit.getByLabel('Signing secret').inputValue()).toBe('');
    expect(await edit.getByLabel('Signing secret').getAttribute('placeholder')).toContain('set (kept in the keychain)');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await section.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'automation-destinations');
  });

  it('sets a hook command only when the app’s confirmation says yes', async () => {
    const section = page.getByRole('region', { name: 'Hooks', exact: true });
    await section.waitFor();
    const afterUpload = section.getByRole('form', { name: 'After each finished upload' });
    await afterUpload.getByLabel('Program').fill('/usr/local/bin/after-upload');
    await afterUpload.getByLabel('Arguments, one per line').fill('--archive\n/srv/videos');

    harness.shell.setNextHookConfirmation(false);
    await afterUpload.getByRole('button', { name: 'Set…' }).click();
    await until('declined', async () => (await section.getByRole('status').textContent())?.includes('not set (not confirmed'));
    expect((await harness.core.handlers['settings:get'](undefined)).hooks.afterUpload).toBeNull();

    await afterUpload.getByLabel('Program').fill('/usr/local/bin/after-upload');
    await afterUpload.getByLabel('Arguments, one per line').fill('--archive\n/srv/videos');
    harness.shell.setNextHookConfirmation(true);
    await afterUpload.getByRole('button', { name: 'Set…' }).click();
    await until('set', async () => (await harness.core.handlers['settings:get'](undefined)).hooks.afterUpload !== null);
    expect((await harness.core.handlers['settings:get'](undefined)).hooks.afterUpload).toEqual({ file: '/usr/local/bin/after-upload', args: ['--archive', '/srv/videos'] });
    await until('shown as set', async () => (await afterUpload.textContent())?.includes('Runs /usr/local/bin/after-upload'));
    await section.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'automation-hooks');
  });
});
