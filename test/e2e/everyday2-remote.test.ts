// Issue 26 §4 "Remote imports", in Chromium through the harness: the folder chosen, a failure
// with its reason, a 16-byte text file flagged as no video, and refused lines that can be
// corrected or cleared. Screens everyday2-remote-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, startFileServer, until } from './support.ts';
import { shown } from '../support/shown-account.ts';

let harness: Harness;
let browser: Browser;
let page: Page;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true });
  files = await startFileServer({
    'harbour.mp4': { type: 'video/mp4', body: Buffer.concat([Buffer.from('000000206674797069736f6d', 'hex'), Buffer.alloc(30_000, 5)]) },
    'notes.txt': { type: 'text/plain', body: 'just some notes\n' },
  });
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
  await page.getByRole('navigation', { name: 'Folders' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await files?.close();
  await harness?.close();
});

describe('remote imports', () => {
  it('go into the folder chosen; a failure says why; a text file is flagged; refused lines can be corrected or cleared', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Remote imports' }).click();
    const box = page.getByLabel('Video addresses, one per line');
    await box.fill([`${files.url}/harbour.mp4`, `${files.url}/notes.txt`, `${files.url}/missing.mp4`, 'ftp://files.example/clip.mp4', 'not an address'].join('\n'));
    await page.getByLabel('Into').selectOption({ label: 'Lisbon Weekend' });
    await page.getByRole('button', { name: /^Import 5 addresses/ }).click();

    const refused = page.locator('.rejected');
    await until('the refused lines', async () => (await refused.locator('li').count()) === 2);
    expect(await box.inputValue()).toBe('ftp://files.example/clip.mp4\nnot an address');
    await shootAndCheck(page, 'everyday2-remote-refused-1280');
    // Correcting a line takes its refusal away; the other can be cleared.
    await box.fill(`${files.url}/harbour.mp4?take=2\nnot an address`);
    await until('one refusal left', async () => (await refused.locator('li').count()) === 1);
    await refused.getByRole('button', { name: 'Clear this line' }).click();
    expect(await box.inputValue()).toBe(`${files.url}/harbour.mp4?take=2`);
    expect(await refused.isVisible()).toBe(false);

    const row = (name: string) => page.locator('tbody tr', { hasText: `${files.url}/${name}` }).first();
    const settled = async (name: string) => /^(failed|completed)$/.test(((await row(name).locator('.badge').first().textContent()) ?? '').trim());
    await until('the imports settled', async () => (await settled('harbour.mp4')) && (await settled('notes.txt')) && (await settled('missing.mp4')), 40_000);
    expect(await row('missing.mp4').textContent()).toContain('Upstream answered HTTP 404');
    expect(await row('notes.txt').textContent()).toContain('Probably not a video');
    expect(await row('harbour.mp4').textContent()).not.toContain('Probably not a video');
    for (const name of ['harbour.mp4', 'notes.txt', 'missing.mp4']) expect(await row(name).textContent()).toContain('into Lisbon Weekend');
    const lisbon = harness.host.control.videos().filter((v) => v.name === 'harbour.mp4' || v.name === 'notes.txt');
    const folderId = (await shown(harness.core)['folders:list'](undefined)).folders.find((f) => f.name === 'Lisbon Weekend')?.id;
    expect(lisbon.map((v) => v.folderId)).toEqual([folderId, folderId]);

    for (const width of [1280, 900]) {
      await page.setViewportSize({ width, height: 800 });
      await shootAndCheck(page, `everyday2-remote-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 90_000);

  it('an action asked for offline waits in the outbox panel; refused, it offers Retry and Discard', async () => {
    // Issue 28 §4: the remote imports' queue actions are outbox changes like any other.
    await harness.host.control.stop();
    try {
      await page.getByRole('button', { name: 'Remove failed', exact: true }).click();
      await until('queued in the outbox', async () => (await shown(harness.core)['outbox:list'](undefined)).items.some((i) => i.kind === 'remote.deleteFailed'));
    } finally {
      // Back, but every answer to the action is the service's error until the fault is lifted.
      harness.host.control.setFaults([{ route: 'POST /v1/upload/url/actions', kind: 'server_error' }]);
      await harness.host.control.start();
    }
    await until('the action refused', async () => (await shown(harness.core)['outbox:list'](undefined)).items.find((i) => i.kind === 'remote.deleteFailed')?.state === 'refused', 60_000);
    await page.getByRole('button', { name: /changes? waiting/ }).click();
    const panel = page.locator('#outbox-panel');
    await panel.waitFor();
    const item = panel.locator('li', { hasText: 'Remove the failed remote imports' });
    await until('the refused action in the panel', () => item.getByRole('button', { name: 'Retry', exact: true }).isVisible(), 30_000);
    expect(await item.getByRole('button', { name: 'Discard', exact: true }).isVisible()).toBe(true);
    await shootAndCheck(page, 'everyday2-remote-outbox-refused');

    harness.host.control.setFaults([]);
    await item.getByRole('button', { name: 'Retry', exact: true }).click();
    await until('sent on Retry', async () => (await shown(harness.core)['outbox:list'](undefined)).items.length === 0, 30_000);
    await until('the failed import gone on the service', () => !harness.host.control.remoteItems().some((r) => r.status === 'failed'), 30_000);
  }, 120_000);
});
