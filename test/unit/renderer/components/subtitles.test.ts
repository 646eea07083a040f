// The subtitle list in Chromium against a stand-in bridge (issue 17, item 5): a language the video
// already has, added again (offline, so both the stored and the waiting track are listed), must not
// crash the keyed list, and the panel says the new track replaces the stored one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import SubtitlesPanel from '../../../../renderer/src/components/subtitles/SubtitlesPanel.svelte';
import { subtitles } from '../../../../renderer/src/lib/state/subtitles.svelte.ts';
import { status } from '../../../../renderer/src/lib/state/status.svelte.ts';
import { outbox } from '../../../../renderer/src/lib/state/outbox.svelte.ts';
import { notices } from '../../../../renderer/src/lib/state/notices.svelte.ts';
import type { Subtitle, Video } from '../../../../shared/model.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

const video: Video = { id: 'abcdefghijkl', folderId: 0, name: 'Trip', createdAt: '2024-01-01 00:00:00', isPublic: true, views: 0, size: 1, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null };
const stored: Subtitle = { videoId: video.id, language: 'en', url: 'https://files.example.test/sub/en.vtt', source: 'url', pending: null, error: null };
const waiting: Subtitle = { ...stored, url: 'https://elsewhere.example.test/en.vtt', pending: 'pending' };

let stub: StubBridge;
const errors: unknown[] = [];
const onError = (event: ErrorEvent): void => void errors.push(event.error);

beforeEach(() => {
  errors.length = 0;
  window.addEventListener('error', onError);
  stub = stubBridge();
  installAsWindowApi(stub);
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  subtitles.reset();
  status.reset();
  outbox.reset();
  notices.reset();
});

const place = mountPlace();

// Registered after mountPlace, so it runs before the unmount: an error a handler throws while
// the component is taken down fails the run instead of landing in errors.
afterEach(() => {
  window.removeEventListener('error', onError);
});

describe('Subtitles list', () => {
  it('lists a stored and a waiting track in the same language and says the new one replaces the old', async () => {
    stub.handle('subtitles:list', () => ({ items: [stored, waiting] }));
    place.component = mount(SubtitlesPanel, { props: { video }, target: place.target });
    await subtitles.load(video.id);
    flushSync();
    expect(errors).toEqual([]);
    const rows = Array.from(place.target.querySelectorAll('.tracks li')).map((li) => li.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/replaces the stored en track/);
  });
});

describe('A subtitle URL the service refuses (issue 26)', () => {
  it('does not keep saying it will be attached when the service answers, and says why it was refused', async () => {
    const stop = outbox.start();
    status.connection = { state: 'online', since: 0, reason: null, nextAttemptAt: null };
    let listed: Subtitle[] = [];
    stub.handle('subtitles:list', () => ({ items: listed }));
    stub.handle('subtitles:addUrl', () => {
      listed = [waiting];
      return waiting;
    });
    place.component = mount(SubtitlesPanel, { props: { video }, target: place.target });
    await subtitles.load(video.id);
    flushSync();
    place.target.querySelector<HTMLInputElement>('input[type="url"]')!.value = waiting.url!;
    place.target.querySelector<HTMLInputElement>('input[type="url"]')!.dispatchEvent(new Event('input', { bubbles: true }));
    flushSync();
    Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === 'Attach URL')!.click();
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
    flushSync();
    const titles = () => notices.items.map((n) => n.title);
    // Online, the change goes now: never "when the service answers".
    expect(titles()).toContain('Sending the subtitles to the service');
    expect(titles().join()).not.toMatch(/when the service answers/);

    listed = [{ ...waiting, pending: 'refused', error: 'The subtitle file could not be downloaded.' }];
    const refused = { id: 7, kind: 'subtitle.url', summary: 'Add en subtitles to Trip', state: 'refused' as const, error: 'The subtitle file could not be downloaded.', createdAt: 1, target: `video:${video.id}` };
    stub.emit('outbox:changed', { items: [refused] });
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
    flushSync();
    expect(titles()).not.toContain('Sending the subtitles to the service');
    expect(place.target.textContent).toContain('The service refused the subtitles from this address: The subtitle file could not be downloaded.');
    // Discarded: the cause is gone, and so is the message.
    listed = [];
    stub.emit('outbox:changed', { items: [] });
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
    flushSync();
    expect(place.target.textContent).not.toContain('refused the subtitles');
    stop();
  });
});
