import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/errors.ts';
import type { EventName } from '../../../../shared/contract.ts';
import { DEFAULT_SETTINGS, SettingsStore, settingsFromUnknown, writeAtomically } from '../../../../electron/core/settings/settings-store.ts';
import { AccountRegistry } from '../../../../electron/core/accounts/registry.ts';
import { MemorySecretStore } from '../../../../electron/core/secrets/memory-store.ts';
import { settingsHandlers } from '../../../../electron/core/settings/handlers.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidlift-settings-'));
  file = path.join(dir, 'settings.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function recorder(): { emit(event: EventName, payload: unknown): void; events: Array<[EventName, unknown]> } {
  const events: Array<[EventName, unknown]> = [];
  return { events, emit: (event, payload) => void events.push([event, payload]) };
}

describe('SettingsStore', () => {
  it('starts from the defaults when there is no file', () => {
    expect(new SettingsStore({ file }).get()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ baseUrl: null, uploadConcurrency: 3, notifications: true, theme: 'system', closeToTray: false, bandwidthLimit: null });
  });

  it('updates, persists, emits settings:changed and tells listeners', async () => {
    const events = recorder();
    const store = new SettingsStore({ file, events });
    const seen: number[] = [];
    store.onChange((now, before) => seen.push(now.uploadConcurrency, before.uploadConcurrency));
    const next = await store.update({ uploadConcurrency: 5, theme: 'dark' });
    expect(next).toMatchObject({ uploadConcurrency: 5, theme: 'dark' });
    expect(seen).toEqual([5, 3]);
    expect(events.events).toEqual([['settings:changed', next]]);
    expect(new SettingsStore({ file }).get()).toEqual(next);
    // An update that changes nothing writes and emits nothing.
    await store.update({ theme: 'dark' });
    expect(events.events).toHaveLength(1);
  });

  it('refuses invalid values with a validation error and keeps the old ones', async () => {
    const store = new SettingsStore({ file });
    for (const bad of [{ uploadConcurrency: 9 }, { uploadConcurrency: 0 }, { theme: 'pink' }, { bandwidthLimit: 10 }, { extra: true }, { baseUrl: 'ftp://x' }]) {
      const error = await store.update(bad as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('validation');
    }
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('keeps the valid fields of a hand-edited file and defaults the rest', () => {
    fs.writeFileSync(file, JSON.stringify({ uploadConcurrency: 42, theme: 'light', notifications: 'yes', baseUrl: 'javascript:alert(1)', closeToTray: true }));
    expect(new SettingsStore({ file }).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', closeToTray: true });
  });

  it('falls back to the defaults for a corrupt file', () => {
    fs.writeFileSync(file, '{"theme": "dark", "upload');
    expect(new SettingsStore({ file }).get()).toEqual(DEFAULT_SETTINGS);
    fs.writeFileSync(file, '[1,2,3]');
    expect(new SettingsStore({ file }).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps a copy of a file that is not JSON and reports it; an unreadable one is reported without a copy', () => {
    fs.writeFileSync(file, '{"theme": "dark", "upload');
    const damaged: Array<string | null> = [];
    new SettingsStore({ file, onDamaged: (kept) => damaged.push(kept) });
    expect(damaged).toHaveLength(1);
    expect(fs.readFileSync(String(damaged[0]), 'utf8')).toBe('{"theme": "dark", "upload');
    // A folder where the file should be: it cannot be read (EISDIR), nothing to copy.
    const folderFile = path.join(dir, 'as-folder.json');
    fs.mkdirSync(folderFile);
    new SettingsStore({ file: folderFile, onDamaged: (kept) => damaged.push(kept) });
    expect(damaged[1]).toBeNull();
    // No file yet is not damage.
    new SettingsStore({ file: path.join(dir, 'absent.json'), onDamaged: (kept) => damaged.push(kept) });
    expect(damaged).toHaveLength(2);
  });

  it('serves the settings handlers; settings:set cannot change the base URL', async () => {
    const store = new SettingsStore({ file });
    const handlers = settingsHandlers(store, new AccountRegistry({ settings: store, secrets: new MemorySecretStore() }));
    expect(await handlers['settings:get'](undefined)).toEqual(DEFAULT_SETTINGS);
    expect(await handlers['settings:set']({ notifications: false })).toMatchObject({ notifications: false });
  });
});

describe('running unattended (issue 31)', () => {
  it('keeps a timetable that parses, and refuses one that does not, naming the bad part', async () => {
    const store = new SettingsStore({ file });
    await store.update({ bandwidthTimetable: 'Mon-00:00,512 Fri-23:59,off' });
    expect(store.get().bandwidthTimetable).toBe('Mon-00:00,512 Fri-23:59,off');
    const error = (await store.update({ bandwidthTimetable: '08:00,512k 25:00,1M' }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('validation');
    expect(error.message).toContain('"25:00": the hour must be from 00 to 23');
    expect(store.get().bandwidthTimetable).toBe('Mon-00:00,512 Fri-23:59,off');
  });

  it('a hand-edited bad timetable or window is dropped to its default, the rest kept', () => {
    const { settings, dropped } = settingsFromUnknown({ bandwidthTimetable: '25:00,1M', uploadWindows: { enabled: true, days: [] }, pauseOnBattery: true });
    expect(dropped).toEqual(['bandwidthTimetable', 'uploadWindows']);
    expect(settings).toMatchObject({ bandwidthTimetable: null, uploadWindows: DEFAULT_SETTINGS.uploadWindows, pauseOnBattery: true });
  });
});

describe('settingsFromUnknown', () => {
  it('names the fields it dropped', () => {
    expect(settingsFromUnknown({ theme: 3, uploadConcurrency: 2 }).dropped).toEqual(['theme']);
    expect(settingsFromUnknown(null).settings).toEqual(DEFAULT_SETTINGS);
  });
});

describe('writeAtomically', () => {
  it('replaces the file whole and leaves no temp files behind', async () => {
    fs.writeFileSync(file, 'old');
    await Promise.all(Array.from({ length: 10 }, (_, i) => writeAtomically(file, `{"n":${i}}`)));
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^\{"n":\d\}$/);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });

  it('keeps the old file when the rename cannot happen', async () => {
    const target = path.join(dir, 'is-a-dir');
    fs.mkdirSync(path.join(target, 'inner'), { recursive: true });
    await expect(writeAtomically(target, 'x')).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual(['is-a-dir']);
  });
});
