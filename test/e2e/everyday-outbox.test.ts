// Issue 17 item 1 through the browser harness: in the broken-deploy state a refused change
// (a subtitle file) holds back the later change to the same video, says so on the video, in
// the outbox panel and in the status bar; Discard sends what waited at once, and the change
// that lands is confirmed as saved.
import { writeFile } from 'node:fs/promises';
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
const SRT = '1\n00:00:01,000 --> 00:00:04,000\nHello from a file\n';

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo', configured: true, hostOptions: { brokenDeploy: true } });
  // The page's File stands for the file of that name in the harness's fixture folder.
  await writeFile(join(harness.fixtureDir, 'captions.srt'), SRT);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const row = (text: string) => page.locator('.videos [data-video-id]', { hasText: text }).first();

describe('a refused change in the outbox', () => {
  it('is named where it blocks, leaves the status bar not plain Online, and Discard replays at once', async () => {
    await page.locator('nav[aria-label="Folders"] button.folder', { hasText: 'Japan 2023' }).first().click();
    await until('Nara in the list', () => row('Nara deer park').isVisible());
    await row('Nara deer park').click();
    const videoId = (await row('Nara deer park').getAttribute('data-video-id'))!;
    const details = page.locator('aside.details');

    await details.getByLabel('Language').fill('en');
    await page.locator('input[aria-label="Choose a subtitle file"]').setInputFiles({ name: 'captions.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) });
    const attach = details.getByRole('button', { name: 'Attach', exact: true });
    await until('the file checked', () => attach.isEnabled());
    await attach.click();
    // Settled first: the video's refreshed row re-fills the intro-skip field.
    await until('the subtitle file refused', async () => (await shown(harness.core)['outbox:list'](undefined)).items[0]?.state === 'refused');
    await details.getByLabel('Skip intro (seconds)').fill('21');
    await details.locator('form.skip').getByRole('button', { name: 'Save' }).click();

    await until('the status bar says changes are blocked', async () => ((await page.locator('.conn').textContent()) ?? '').includes('changes blocked'), 30_000);
    const note = details.locator('.blocked-note');
    await until('the video names the refused change', () => note.isVisible());
    expect(await note.textContent()).toMatch(/refused “Add en subtitles.*deployment.*1 later change to this video wait/s);

    await page.getByRole('button', { name: /changes? waiting/ }).click();
    const panel = page.locator('#outbox-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/Waits for the refused change/);
    const box = (await panel.boundingBox())!;
    for (const name of ['Retry', 'Discard']) {
      const button = (await panel.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(button.x, `${name} starts inside the panel`).toBeGreaterThanOrEqual(box.x);
      expect(button.x + button.width, `${name} ends inside the panel`).toBeLessThanOrEqual(box.x + box.width);
    }
    await shootAndCheck(page, 'everyday-outbox-blocked');

    await panel.getByRole('button', { name: 'Discard', exact: true }).click();
    await until('the waiting change on the service', () => harness.host.control.videos().find((v) => v.id === videoId)?.skipIntro === 21, 30_000);
    await until('confirmed as saved', () => page.getByText('Saved', { exact: true }).first().isVisible());
    expect((await page.locator('.conn').textContent())?.trim()).toBe('Online');
  });
});
