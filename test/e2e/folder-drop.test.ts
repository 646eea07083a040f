// Issue 17 item 12 through the browser harness: a dropped folder. The service makes
// top-level folders only (operation 11 takes a name), so the window asks: a new service
// folder named after it (files of sub-folders flattened into it, said plainly), or the open
// folder. Real files, the real core and the sandbox host; the page's DataTransfer cannot carry
// a real directory entry, so webkitGetAsEntry is answered for the dropped folder's name.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until, writeFakeMp4 } from './support.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'empty', configured: true });
  const dir = harness.fixtureDir;
  await mkdir(join(dir, 'Trip 2024', 'raw'), { recursive: true });
  await writeFakeMp4(join(dir, 'Trip 2024', 'day-one.mp4'), 100_000);
  await writeFakeMp4(join(dir, 'Trip 2024', 'raw', 'day-two.mp4'), 100_000);
  await writeFakeMp4(join(dir, 'loose.mp4'), 100_000);
  await mkdir(join(dir, 'Scraps'));
  await writeFakeMp4(join(dir, 'Scraps', 'scrap.mp4'), 100_000);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** Drops `names` on the list; those in `folders` come as directory entries. */
async function dropWithFolders(names: string[], folders: string[]): Promise<void> {
  await page.evaluate(
    ({ names, folders }) => {
      const original = DataTransferItem.prototype.webkitGetAsEntry;
      DataTransferItem.prototype.webkitGetAsEntry = function (this: DataTransferItem) {
        const file = this.getAsFile();
        return file && folders.includes(file.name) ? ({ isDirectory: true, isFile: false, name: file.name } as unknown as FileSystemEntry) : original.call(this);
      };
      const transfer = new DataTransfer();
      for (const name of names) transfer.items.add(new File([new Uint8Array(16)], name));
      const target = document.querySelector('.videos') ?? document.body;
      for (const kind of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    },
    { names, folders },
  );
}

const videosIn = (folder: string | 0): string[] => {
  const id = folder === 0 ? 0 : harness.host.control.folders().find((f) => f.name === folder)?.id;
  return harness.host.control.videos().filter((v) => v.folderId === id).map((v) => v.name).sort();
};

describe('a dropped folder', () => {
  it('becomes one service folder named after it, sub-folders flattened and said so; loose files go to the open folder', async () => {
    await until('the library', () => page.locator('.videos').isVisible(), 30_000);
    await dropWithFolders(['Trip 2024', 'loose.mp4'], ['Trip 2024']);
    const dialog = page.getByRole('dialog', { name: /Upload the folder “Trip 2024”/ });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('sub-folders are flattened');
    expect(await dialog.getByLabel('Into a new service folder named “Trip 2024”').isChecked()).toBe(true);
    await shootAndCheck(page, 'everyday-folder-drop');
    await page.setViewportSize({ width: 900, height: 700 });
    await shootAndCheck(page, 'everyday-folder-drop-900');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await until('the folder’s files uploaded into “Trip 2024”', () => videosIn('Trip 2024').length === 2, 60_000);
    expect(videosIn('Trip 2024')).toEqual(['day-one.mp4', 'day-two.mp4']);
    await until('the loose file in the open folder', () => videosIn(0).includes('loose.mp4'), 60_000);
  }, 120_000);

  it('or puts its files in the open folder, as the person chooses', async () => {
    await dropWithFolders(['Scraps'], ['Scraps']);
    const dialog = page.getByRole('dialog', { name: /Upload the folder “Scraps”/ });
    await dialog.waitFor();
    await dialog.getByLabel(/Into “Home”/).check();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await until('the file in the open folder', () => videosIn(0).includes('scrap.mp4'), 60_000);
    expect(harness.host.control.folders().some((f) => f.name === 'Scraps')).toBe(false);
  }, 120_000);
});
