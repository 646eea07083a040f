// Issue 29 in Chromium through the harness (real core, sandbox host): five real files
// uploaded, two taken down on the host; a sync tells of them (the takedownsFound event and the
// window's notice), the Takedowns view lists both and the library's sidebar counts them;
// Upload again for all makes two new videos and the link map holds both pairs; a BBCode post
// carrying the five videos' links in three shapes comes back from Fix my links equal byte for
// byte but the replaced links; a third video taken down is uploaded again from Fix my links'
// dead list and the view checks again by itself, offering its new links. The library-wide
// search includes the taken-down videos when asked. Screens links-* in light and dark, at 1280
// and 900 px, axe clean.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { newPage, shootAndCheck, until, writeFakeMp4 } from './support.ts';
import { shown } from '../support/shown-account.ts';
import type { Video } from '../../shared/model.ts';
import type { LinkMapPair, TakedownsFound } from '../../shared/links.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

const NAMES = ['Harbour at dawn.mp4', 'Café terrace — night.mp4', 'Mountain pass.mp4', 'River delta.mp4', 'Old town walk.mp4'];
/** Index of the videos taken down on the host. */
const TAKEN = [1, 3];

beforeAll(async () => {
  harness = await startHarness({ seed: 'empty', configured: true });
  for (const [i, name] of NAMES.entries()) await writeFakeMp4(join(harness.fixtureDir, name), 40_000 + i * 1_000);
  browser = await launchChromium();
  page = await newPage(browser, harness.url);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });
/** "http://127.0.0.1:1234/d/abc" → "127.0.0.1:1234/d/abc": the shape a post writes without a scheme. */
const bare = (url: string): string => url.replace(/^https?:\/\//, '');

/** Polls until `read` answers something, and answers it. */
async function untilRead<T>(what: string, read: () => T | null | Promise<T | null>, timeoutMs?: number): Promise<T> {
  let value: T | null = null;
  await until(what, async () => (value = await read()) !== null, timeoutMs);
  return value as T;
}

let videos: Video[] = [];
let pairs: LinkMapPair[] = [];

describe('the life of a link', () => {
  it('tells of two takedowns, lists them in the Takedowns view, and counts them in the library', async () => {
    const { core } = harness;
    const paths = NAMES.map((name) => join(harness.fixtureDir, name));
    for (const path of paths) core.grantPath(path);
    await shown(core)['uploads:add']({ paths, folderId: 0 });
    await until(
      'the five uploads done',
      async () => {
        const { jobs } = await shown(core)['uploads:list'](undefined);
        return jobs.length === 5 && jobs.every((j) => j.state === 'done');
      },
      60_000,
    );
    await shown(core)['sync:now']({ full: true });
    videos = await untilRead('the five videos listed', async () => {
      const page = await shown(core)['videos:list']({ folderId: 0, offset: 0, limit: 50 });
      return page.items.length === 5 ? page.items : null;
    });

    const found: TakedownsFound[] = [];
    const stop = core.events.on('links:takedownsFound', (payload) => found.push(payload));
    const taken = TAKEN.map((i) => videos.find((v) => v.name === NAMES[i])!);
    for (const video of taken) harness.host.control.takeDown(video.id);
    await shown(core)['sync:now']({ full: true });
    await until('the takedowns told', () => found.reduce((n, f) => n + f.count, 0) === 2, 30_000);
    stop();
    expect(found.flatMap((f) => f.videos.map((v) => v.id)).sort()).toEqual(taken.map((v) => v.id).sort());

    // The window says it too, with a way to the list (the desktop notification's click does the same).
    const notice = page.getByText('2 videos were taken down');
    await until('the notice', () => notice.isVisible());
    expect(await nav('Takedowns').textContent()).toContain('2');
    // The status bar's message line opens the messages, where the notice has its button.
    await notice.click();
    await page.getByRole('button', { name: 'Show takedowns' }).click();
    const items = page.locator('article.takedown');
    await until('both takedowns listed', async () => (await items.count()) === 2);
    for (const video of taken) expect(await page.locator(`article.takedown[data-video="${video.id}"] .title`).textContent()).toContain(video.name);
    expect(await items.first().locator('.recovery button').textContent()).toBe('Upload again');
    // Seen once the view opened: the badge goes.
    await until('the badge gone', async () => !/\d/.test((await nav('Takedowns').textContent()) ?? ''));
    await shootAndCheck(page, 'links-takedowns');

    // A tombstone: what the dead video kept.
    await page.locator(`article.takedown[data-video="${taken[0]!.id}"] button.title`).click();
    const tombstone = page.locator('aside.tombstone');
    await until('the tombstone', () => tombstone.isVisible());
    expect(await tombstone.locator('h2').textContent()).toBe(taken[0]!.name);
    expect(await tombstone.locator('#tombstone-download').inputValue()).toBe(taken[0]!.downloadUrl);
    expect(await tombstone.textContent()).toContain(join(harness.fixtureDir, taken[0]!.name));
    await shootAndCheck(page, 'links-tombstone');
    await page.setViewportSize({ width: 900, height: 700 });
    expect(await page.locator('header.screen-header').evaluate((header) => header.scrollWidth - header.clientWidth)).toBe(0);
    await shootAndCheck(page, 'links-takedowns-900');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The library's sidebar counts them, and its filter lists them.
    await nav('Library').click();
    const filter = page.locator('button.filter[data-filter="takenDown"]');
    await until('the count', async () => ((await filter.locator('.count').textContent()) ?? '').trim() === '2');
    expect(((await page.locator('button.filter[data-filter="gone"] .count').textContent()) ?? '').trim()).toBe('0');
    await filter.click();
    await until('the dead videos', async () => (await page.locator('.dead .list button.row').count()) === 2);
    // The tombstones' search, asked for in the filter.
    await page.locator('#dead-search').fill('river');
    await until('one match', async () => (await page.locator('.dead .list button.row').count()) === 1);
    expect(await page.locator('.dead .list button.row .name').textContent()).toBe('River delta.mp4');
    await page.locator('#dead-search').fill('');
    await until('both again', async () => (await page.locator('.dead .list button.row').count()) === 2);
  }, 180_000);

  it('uploads both again in one go, and the link map pairs each dead video with its new one', async () => {
    const { core } = harness;
    await page.getByRole('button', { name: 'Upload all again' }).click();
    await until(
      'the two uploaded again',
      async () => {
        const { jobs } = await shown(core)['uploads:list'](undefined);
        return jobs.length === 7 && jobs.every((j) => j.state === 'done');
      },
      60_000,
    );
    pairs = await untilRead(
      'both pairs in the link map',
      async () => {
        const map = await shown(core)['links:map']({ offset: 0, limit: 10 });
        return map.items.length === 2 ? map.items : null;
      },
      30_000,
    );
    const taken = TAKEN.map((i) => videos.find((v) => v.name === NAMES[i])!);
    expect(pairs.map((p) => p.oldId).sort()).toEqual(taken.map((v) => v.id).sort());
    await shown(core)['sync:now']({ full: true });
    const listed = await untilRead('five videos on the host (three left, two new)', () => (harness.host.control.videos().length === 5 ? harness.host.control.videos() : null));
    for (const pair of pairs) {
      expect(listed.some((v) => v.id === pair.newId)).toBe(true);
      expect(pair.newId).not.toBe(pair.oldId);
    }
    // The tombstone shows its pair.
    await page.locator(`.dead .list button.row[data-video="${pairs[0]!.oldId}"]`).click();
    await until('the pair shown', async () => (await page.locator('#pair-download').inputValue().catch(() => '')) === pairs[0]!.newDownload);
    await until('the row says so', async () => (await page.locator(`.dead .list button.row[data-video="${pairs[0]!.oldId}"] .recovery`).textContent()) === 'Uploaded again', 10_000);
    await shootAndCheck(page, 'links-library-taken-down');
    // The link map, exported from the Takedowns view through the one export writer.
    await nav('Takedowns').click();
    await page.getByRole('button', { name: 'Export link map…' }).click();
    await page.getByLabel('Format').selectOption('csv');
    await until('the preview', async () => ((await page.getByLabel('Preview').textContent()) ?? '').includes(pairs[0]!.newId));
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    await until('the link map copied', () => (harness.shell.copiedTexts().at(-1) ?? '').startsWith('oldId,newId,'));
    const csv = harness.shell.copiedTexts().at(-1)!;
    for (const pair of pairs) expect(csv).toContain(`${pair.oldId},${pair.newId},${pair.oldDownload},${pair.newDownload}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await nav('Library').click();
    await page.setViewportSize({ width: 900, height: 700 });
    await shootAndCheck(page, 'links-library-taken-down-900');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('fixes a BBCode post: every byte the same but the dead links, swapped for their new ones', async () => {
    const post = [
      '[b]My travel videos[/b] — all in one place ✈️',
      '',
      ...videos.map((v) => `[url=${v.downloadUrl}]${v.name}[/url]`),
      '',
      'Watch here:',
      ...videos.map((v) => `[video]${v.embedUrl}[/video]`),
      '',
      `Plain links: ${videos.map((v) => bare(v.downloadUrl)).join(' , ')}`,
      '[i]Café, déjà vu.[/i]',
    ].join('\n');
    let expected = post;
    for (const pair of pairs) {
      expected = expected.split(pair.oldDownload).join(pair.newDownload).split(pair.oldEmbed).join(pair.newEmbed).split(bare(pair.oldDownload)).join(bare(pair.newDownload));
    }
    expect(expected).not.toBe(post);

    await nav('Fix my links').click();
    await page.locator('#fix-text').fill(post);
    await page.getByRole('button', { name: 'Find links' }).click();
    const summary = page.getByTestId('fix-summary');
    await until('the result', () => summary.isVisible(), 30_000);
    expect(await summary.textContent()).toContain('15 links');
    expect(await summary.textContent()).toContain('6 replaced · 0 still dead');
    expect(await page.locator('.preview ins').count()).toBe(6);
    expect(await page.locator('.preview del').count()).toBe(6);
    await shootAndCheck(page, 'links-fix');

    await page.getByRole('button', { name: 'Copy result' }).click();
    await until('the result copied', () => harness.shell.copiedTexts().length > 0);
    expect(Buffer.from(harness.shell.copiedTexts().at(-1)!, 'utf8').equals(Buffer.from(expected, 'utf8'))).toBe(true);

    const out = join(harness.fixtureDir, 'post (fixed).txt');
    harness.shell.setNextSavePath(out);
    await page.getByRole('button', { name: 'Save as…' }).click();
    await until('the file saved', async () => (await readFile(out).catch(() => null)) !== null);
    expect((await readFile(out)).equals(Buffer.from(expected, 'utf8'))).toBe(true);

    await page.setViewportSize({ width: 900, height: 700 });
    expect(await page.locator('.result-head').evaluate((head) => head.scrollWidth - head.clientWidth)).toBe(0);
    await shootAndCheck(page, 'links-fix-900');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);
  it('uploads a dead video again from Fix my links, and checks the text again by itself once it is confirmed', async () => {
    const { core } = harness;
    const third = videos.find((v) => v.name === 'Mountain pass.mp4')!;
    harness.host.control.takeDown(third.id);
    await shown(core)['sync:now']({ full: true });
    await until('the third taken down', async () => (await shown(core)['links:health']({ offset: 0, limit: 1 })).counts.takenDown === 3, 30_000);

    await nav('Fix my links').click();
    await page.getByRole('button', { name: 'Check again' }).click();
    const summary = page.getByTestId('fix-summary');
    await until('the third dead', async () => ((await summary.textContent()) ?? '').includes('6 replaced · 3 still dead'), 30_000);
    const dead = page.getByRole('list', { name: 'Dead links with no replacement' });
    expect(await dead.locator(`li[data-video="${third.id}"]`).textContent()).toContain('3 links in the text');
    await dead.scrollIntoViewIfNeeded();
    await shootAndCheck(page, 'links-fix-dead');
    await dead.getByRole('button', { name: `Upload again: “${third.name}”` }).click();
    // No click on Check again: the confirmed upload's pair brings the new links into the preview.
    await until('checked again by itself', async () => ((await summary.textContent()) ?? '').includes('9 replaced · 0 still dead'), 60_000);
    const pair = (await shown(core)['links:tombstone']({ id: third.id })).pair!;
    expect(await page.locator('.preview ins').allTextContents()).toEqual(expect.arrayContaining([pair.newDownload, pair.newEmbed]));
    expect(await dead.count()).toBe(0);
  }, 120_000);

  it('searches the library with the taken-down videos when asked, each marked with its state', async () => {
    await nav('Library').click();
    const back = page.getByRole('button', { name: 'Back to the folders' });
    if (await back.isVisible()) await back.click();
    await page.getByLabel('All folders').check();
    await page.locator('#video-search').fill('a');
    const toggle = page.getByLabel('Include taken-down and gone videos');
    expect(await toggle.isChecked()).toBe(false);
    expect(await page.getByTestId('dead-matches-count').count()).toBe(0);
    await toggle.check();
    const matches = page.getByRole('list', { name: 'Taken-down and gone videos matching the search' });
    await until('the dead matches', async () => (await matches.locator('li').count()) === 3, 30_000);
    for (const state of await matches.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))) expect(state).toBe('takenDown');
    expect(await matches.locator('.badge').first().textContent()).toBe('Taken down');
    await shootAndCheck(page, 'links-search-dead');
    await page.locator('#video-search').fill('river');
    await until('one match', async () => (await matches.locator('li').count()) === 1);
    expect(await matches.locator('.name').textContent()).toBe('River delta.mp4');
    await toggle.uncheck();
    await until('the matches gone', async () => (await page.getByTestId('dead-matches-count').count()) === 0);
    await page.getByLabel('All folders').uncheck();
    await page.locator('#video-search').fill('');
  }, 60_000);
});
