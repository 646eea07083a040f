// A profile that is not as this version left it: a settings file that is not JSON, an
// account database SQLite cannot read, one written by a newer Vidlift, a keychain module
// that does not load. Each time the window opens and says what happened and what to do;
// nothing is deleted and the app does not quit.
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { accountDatabaseFile } from '../../electron/core/accounts/session.ts';
import { breakKeytar } from './keytar-hooks.ts';
import { bootSource, KEY_STORAGE, newHost, newProfile, signIn, type Booted } from './support.ts';
import { shownKey } from '../support/shown-account.ts';
import { sayInEnglish } from '../../shared/i18n/say.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  breakKeytar(false);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function digest(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

async function running(shell: Booted): Promise<void> {
  expect(shell.window().webContents.loaded?.status).toBe(200);
  expect(shell.double.app.state).toBe('running');
  expect(shell.double.callsTo('app.exit')).toEqual([]);
  expect(shell.double.unimplemented).toEqual([]);
}

describe('a damaged profile', () => {
  it('starts with default settings when settings.json is not JSON, keeps a copy and says so', async () => {
    const userData = newProfile(cleanups);
    writeFileSync(join(userData, 'settings.json'), '{"baseUrl": "https://videos.example", "theme": ');
    const shell = await bootSource({ userData });
    cleanups.push(() => shell.quit());

    await running(shell);
    const [notice, ...others] = await shell.data('app:notices');
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ id: 'settings-damaged', severity: 'warning', title: { code: 'notice_settings_damaged', params: {} } });
    expect(sayInEnglish(notice!.title)).toContain('default settings');
    expect(readFileSync(String(notice?.keptFile), 'utf8')).toBe('{"baseUrl": "https://videos.example", "theme": ');
    expect(await shell.data('settings:get')).toMatchObject({ baseUrl: null, theme: 'system' });
    // Dismissed, it is gone from the window.
    expect(await shell.data('app:dismissNotice', { id: 'settings-damaged' })).toEqual([]);
  });

  it('sets an unreadable library aside, starts a new one and opens the account', async () => {
    const host = await newHost(cleanups);
    const userData = newProfile(cleanups);
    const first = await bootSource({ userData, ...KEY_STORAGE });
    await signIn(first, host);
    await first.quit();
    const file = accountDatabaseFile(userData, host.baseUrl, host.apiKey);
    expect(existsSync(file)).toBe(true);
    writeFileSync(file, Buffer.alloc(8192, 0x5a));

    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    await running(shell);
    const notices = await shell.data('app:notices');
    expect(notices).toEqual([expect.objectContaining({ id: 'library-damaged', severity: 'error' })]);
    const kept = String(notices[0]?.keptFile);
    expect(readFileSync(kept)).toEqual(Buffer.alloc(8192, 0x5a));
    expect(readdirSync(join(userData, 'accounts')).filter((name) => name.includes('.damaged-'))).toHaveLength(1);
    // The new library works: the account is open and the library fills from the service.
    expect(shownKey(await shell.data('accounts:list'))).toMatchObject({ hasKey: true });
    expect(await shell.call('folders:list')).toMatchObject({ ok: true });
  });

  it('leaves a library from a newer version untouched, keeps the account closed and says why', async () => {
    const host = await newHost(cleanups);
    const userData = newProfile(cleanups);
    const first = await bootSource({ userData, ...KEY_STORAGE });
    await signIn(first, host);
    await first.quit();
    const file = accountDatabaseFile(userData, host.baseUrl, host.apiKey);
    const db = new DatabaseSync(file);
    db.prepare('INSERT INTO schema_migrations (module, version, name, applied_at) VALUES (?, ?, ?, ?)').run('uploads', 999, 'from the future', Date.now());
    db.close();
    const before = digest(file);

    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    await running(shell);
    expect(await shell.data('app:notices')).toEqual([expect.objectContaining({ id: 'library-newer', keptFile: file })]);
    expect(digest(file)).toBe(before);
    // Account screens are refused with the reason, and the uploads view is empty, not an error.
    expect(await shell.call('folders:list')).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('newer version') } });
    expect(await shell.data('uploads:list')).toMatchObject({ jobs: [] });
  });

  it('says the keychain cannot be used when keytar does not load, and stays on the welcome screen', async () => {
    const userData = newProfile(cleanups);
    // A key had been kept for this address; the keychain module no longer loads.
    writeFileSync(join(userData, 'settings.json'), JSON.stringify({ baseUrl: 'https://videos.example' }));
    breakKeytar(true);
    const shell = await bootSource({ userData, safeStorageBackend: 'basic_text' });
    cleanups.push(() => shell.quit());

    await running(shell);
    const notices = await shell.data('app:notices');
    expect(notices).toEqual([expect.objectContaining({ id: 'keychain-unavailable', severity: 'error' })]);
    expect(notices[0]?.detail.map((part) => sayInEnglish(part)).join(' ')).toContain('The keychain module could not be loaded');
    expect(shownKey(await shell.data('accounts:list'))).toMatchObject({ hasKey: false, storage: { available: false } });
    expect(await shell.data('uploads:list')).toMatchObject({ jobs: [] });
  });
});
