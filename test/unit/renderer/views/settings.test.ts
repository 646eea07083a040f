// The Settings view in Chromium against a stand-in bridge: the bandwidth field with valid, invalid,
// empty and extreme values (issue 17, item 4: a number input's value is a number or null, not text).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import Settings from '../../../../renderer/src/views/Settings.svelte';
import { settings } from '../../../../renderer/src/lib/state/settings.svelte.ts';
import { notices } from '../../../../renderer/src/lib/state/notices.svelte.ts';
import type { Settings as SettingsValue } from '../../../../shared/model.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { settingsWith } from '../../../support/settings.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;
let saved: SettingsValue;
const errors: unknown[] = [];
const onError = (event: ErrorEvent | PromiseRejectionEvent): void => void errors.push('reason' in event ? event.reason : event.error);

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  settings.reset();
});

const place = mountPlace();

beforeEach(async () => {
  errors.length = 0;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);
  stub = stubBridge();
  installAsWindowApi(stub);
  saved = settingsWith({ baseUrl: 'https://api.example.test', uploadConcurrency: 2, theme: 'light' });
  stub.handle('settings:get', () => saved);
  stub.handle('settings:set', (patch) => (saved = { ...saved, ...(patch as Partial<SettingsValue>) }));
  await settings.load();
  place.component = mount(Settings, { target: place.target });
  flushSync();
});

// Registered after mountPlace, so it runs before the unmount: an error a handler throws while
// the component is taken down fails the run instead of landing in errors.
afterEach(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onError);
});

/** Types into the field as a person would, then leaves it (Tab fires change). */
async function enterLimit(text: string): Promise<void> {
  const input = place.target.querySelector<HTMLInputElement>('input[type="number"]')!;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await settle();
}

const sets = (): unknown[] => stub.calls.filter((c) => c.method === 'settings:set').map((c) => c.input);

describe('Settings: bandwidth limit', () => {
  it('saves a typed limit in bytes per second', async () => {
    await enterLimit('512');
    expect(errors).toEqual([]);
    expect(sets()).toEqual([{ bandwidthLimit: 512 * 1024 }]);
    expect(saved.bandwidthLimit).toBe(512 * 1024);
  });

  it('clears the limit when the field is emptied', async () => {
    await enterLimit('512');
    await enterLimit('');
    expect(errors).toEqual([]);
    expect(sets()).toEqual([{ bandwidthLimit: 512 * 1024 }, { bandwidthLimit: null }]);
  });

  it('refuses a value below the minimum or not a number, with words, and saves nothing', async () => {
    const before = notices.items.length;
    await enterLimit('3');
    await enterLimit('-1');
    expect(errors).toEqual([]);
    expect(sets()).toEqual([]);
    expect(notices.items.length).toBeGreaterThan(before);
  });

  it('takes the refusal back once a valid value is saved after it (issue 26: no stale message)', async () => {
    const refusals = () => notices.items.filter((n) => n.title === 'Could not save the bandwidth limit');
    await enterLimit('3');
    expect(refusals()).toHaveLength(1);
    await enterLimit('512');
    expect(sets()).toEqual([{ bandwidthLimit: 512 * 1024 }]);
    expect(refusals()).toEqual([]);
  });

  it('saves a very large limit as it was typed', async () => {
    await enterLimit('10000000');
    expect(errors).toEqual([]);
    expect(sets()).toEqual([{ bandwidthLimit: 10_000_000 * 1024 }]);
  });
});
