// The subtitle list in Chromium against a stand-in bridge (issue 17, item 5): a language the video
// already has, added again (offline, so both the stored and the waiting track are listed), must not
// crash the keyed list, and the panel says the new track replaces the stored one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import SubtitlesPanel from '../../../../renderer/src/components/subtitles/SubtitlesPanel.svelte';
import { subtitles } from '../../../../renderer/src/lib/state/subtitles.svelte.ts';
import type { Subtitle, Video } from '../../../../shared/model.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';

const video: Video = { id: 'abcdefghijkl', folderId: 0, name: 'Trip', createdAt: '2024-01-01 00:00:00', isPublic: true, views: 0, size: 1, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null };
const stored: Subtitle = { videoId: video.id, language: 'en', url: 'https://files.example.test/sub/en.vtt', source: 'url', pending: null, error: null };
const waiting: Subtitle = { ...stored, url: 'https://elsewhere.example.test/en.vtt', pending: 'pending' };

let stub: StubBridge;
let target: HTMLElement;
let component: ReturnType<typeof mount> | null = null;
const errors: unknown[] = [];
const onError = (event: ErrorEvent): void => void errors.push(event.error);

beforeEach(() => {
  errors.length = 0;
  window.addEventListener('error', onError);
  stub = stubBridge();
  installAsWindowApi(stub);
  target = document.createElement('div');
  document.body.append(target);
});

afterEach(() => {
  window.removeEventListener('error', onError);
  if (component) unmount(component);
  component = null;
  target.remove();
  subtitles.reset();
});

describe('Subtitles list', () => {
  it('lists a stored and a waiting track in the same language and says the new one replaces the old', async () => {
    stub.handle('subtitles:list', () => ({ items: [stored, waiting] }));
    component = mount(SubtitlesPanel, { props: { video }, target });
    await subtitles.load(video.id);
    flushSync();
    expect(errors).toEqual([]);
    const rows = Array.from(target.querySelectorAll('.tracks li')).map((li) => li.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/replaces the stored en track/);
  });
});
