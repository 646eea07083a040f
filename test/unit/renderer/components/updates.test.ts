// Settings > Updates and the status-bar prompt in Chromium against a stand-in bridge: the
// updater's states in words, the automatic switch saved as settings.autoUpdate, and
// "Restart to update" offered only when the main process says no upload runs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import UpdateSettings from '../../../../renderer/src/components/updates/UpdateSettings.svelte';
import UpdatePrompt from '../../../../renderer/src/components/updates/UpdatePrompt.svelte';
import { settings } from '../../../../renderer/src/lib/state/settings.svelte.ts';
import type { Settings, UpdateStatus } from '../../../../shared/model.ts';
import { said } from '../../../../shared/said.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { settingsWith } from '../../../support/settings.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;
let saved: Settings;
let status: UpdateStatus;

const IDLE: UpdateStatus = { state: 'idle', said: null, version: null, percent: null, canRestart: false, restartPending: false, lastChecked: null };

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

beforeEach(async () => {
  stub = stubBridge();
  installAsWindowApi(stub);
  saved = settingsWith({ baseUrl: 'https://api.example.test', uploadConcurrency: 2, theme: 'light' });
  status = IDLE;
  stub.handle('settings:get', () => saved);
  stub.handle('settings:set', (patch) => (saved = { ...saved, ...(patch as Partial<Settings>) }));
  stub.handle('updates:status', () => status);
  stub.handle('updates:check', () => (status = { ...IDLE, state: 'downloading', version: '9.9.9', percent: 0 }));
  stub.handle('updates:restart', () => status);
  await settings.load();
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  settings.reset();
});

const place = mountPlace();

async function show(component: typeof UpdateSettings | typeof UpdatePrompt): Promise<void> {
  place.component = mount(component, { target: place.target });
  await settle();
}

const button = (name: string): HTMLButtonElement | undefined => Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent?.trim() === name);

describe('Settings: updates', () => {
  it('checks on request and shows the download in words', async () => {
    await show(UpdateSettings);
    button('Check for updates')!.click();
    await settle();
    expect(stub.calls.map((c) => c.method)).toContain('updates:check');
    expect(place.target.textContent).toContain('Downloading Vidlift 9.9.9 (0%) in the background…');
    expect(button('Check for updates')!.disabled).toBe(true);
  });

  it('saves the automatic switch as autoUpdate', async () => {
    await show(UpdateSettings);
    const box = place.target.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.click();
    await settle();
    expect(saved.autoUpdate).toBe(false);
  });

  it('says why updates are off in the source tree, and offers no check', async () => {
    status = { ...IDLE, state: 'off', said: said('update_off_unpackaged') };
    await show(UpdateSettings);
    expect(place.target.textContent).toContain('Updates work in the installed app only; this copy runs from the source tree.');
    expect(button('Check for updates')!.disabled).toBe(true);
  });

  it('shows an error in words', async () => {
    status = { ...IDLE, state: 'error', said: said('update_unreachable') };
    await show(UpdateSettings);
    expect(place.target.querySelector('.error-text')?.textContent).toBe('The update server could not be reached. Vidlift tries again later.');
  });
});

describe('Restart to update', () => {
  it('is offered only when the update is ready and no upload runs, and follows updates:changed', async () => {
    status = { ...IDLE, state: 'ready', version: '9.9.9', percent: 100, canRestart: false };
    await show(UpdatePrompt);
    expect(button('Restart to update')).toBeUndefined();

    stub.emit('updates:changed', { ...status, canRestart: true });
    await settle();
    button('Restart to update')!.click();
    await settle();
    expect(stub.calls.map((c) => c.method)).toContain('updates:restart');

    stub.emit('updates:changed', { ...status, canRestart: false });
    await settle();
    expect(button('Restart to update')).toBeUndefined();
  });
});
