// Issue 18 item 3: one copy of the key, against the real gnome-keyring, locked and unlocked
// (locked over D-Bus with Secret.Service.Lock; unlocked by restarting the daemon with its
// password, as a login does), with the shell's safeStorage store on the Electron double's
// safeStorage as the fallback. A locked keyring reads as "nothing stored" and refuses writes:
// the old chain then wrote the key to the fallback and read null after the unlock. Every
// keychain operation runs in a process of its own (keychain-child.ts), as after a restart.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { execFileSync, execSync } from 'node:child_process';
import { accountFor, KEYCHAIN_LOCKED, UNLOCK_KEYCHAIN } from '../../../electron/core/secrets/secret-store.ts';

const enabled = process.env.VIDLIFT_KEYCHAIN_TESTS === '1';
const reason = 'set VIDLIFT_KEYCHAIN_TESTS=1 inside a D-Bus session with gnome-keyring (test/support/with-keyring.sh) to run';
const LOGIN = '/org/freedesktop/secrets/collection/login';

function lockKeyring(): void {
  execSync(`gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets --method org.freedesktop.Secret.Service.Lock "['${LOGIN}']"`, { stdio: 'ignore' });
}

function unlockKeyring(): void {
  // with-keyring.sh made the login keyring with this password.
  execSync('gnome-keyring-daemon --replace --unlock --components=secrets', { input: 'vidlift-ci', stdio: ['pipe', 'ignore', 'ignore'] });
  for (let i = 0; i < 50; i++) {
    const out = execSync(`gdbus call --session --dest org.freedesktop.secrets --object-path ${LOGIN} --method org.freedesktop.DBus.Properties.Get org.freedesktop.Secret.Collection Locked`).toString();
    if (out.includes('false')) return;
    execSync('sleep 0.1');
  }
  throw new Error('the keyring did not unlock');
}

describe.skipIf(!enabled)(`one copy of the key in a real keychain, locked and unlocked (${enabled ? 'enabled' : reason})`, () => {
  const service = `Vidlift-lock-${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-lock-'));
  const account = accountFor('https://api.video.example');
  const KEY = 'AAAAbbbbCCCCdddd';
  const file = join(dir, 'secrets.json');
  const CHILD = join(import.meta.dirname, 'keychain-child.ts');

  function run(store: 'chain' | 'keychain' | 'fallback', op: 'get' | 'set' | 'delete' | 'status', value?: string): { ok: boolean; value?: unknown; message?: string } {
    const out = execFileSync(process.execPath, [CHILD, JSON.stringify({ service, file, store, op, account, value })], { timeout: 30_000 }).toString();
    return JSON.parse(out.trim().split('\n').at(-1)!) as { ok: boolean; value?: unknown; message?: string };
  }

  afterEach(() => unlockKeyring());
  afterAll(() => {
    run('keychain', 'delete');
    rmSync(dir, { recursive: true, force: true });
  });

  it('while locked: says to unlock it, and keeps no second copy; after the unlock the key goes to the keychain', () => {
    lockKeyring();
    expect(run('chain', 'status')).toEqual({ ok: true, value: { available: false, backend: 'keychain', problem: KEYCHAIN_LOCKED } });
    expect(run('chain', 'set', KEY)).toEqual({ ok: false, message: UNLOCK_KEYCHAIN });
    expect(run('fallback', 'get')).toEqual({ ok: true, value: null });
    unlockKeyring();
    expect(run('chain', 'set', KEY)).toEqual({ ok: true, value: null });
    expect(run('keychain', 'get')).toEqual({ ok: true, value: KEY });
    expect(run('fallback', 'get')).toEqual({ ok: true, value: null });
    expect(run('chain', 'get')).toEqual({ ok: true, value: KEY });
  });

  it('moves a key the fallback kept (while the keychain was missing) into the keychain on the first read', () => {
    run('keychain', 'delete');
    run('fallback', 'set', 'FromTheFallback1');
    expect(run('chain', 'get')).toEqual({ ok: true, value: 'FromTheFallback1' });
    expect(run('keychain', 'get')).toEqual({ ok: true, value: 'FromTheFallback1' });
    expect(run('fallback', 'get')).toEqual({ ok: true, value: null });
  });

  it('forgets from both stores, so nothing comes back after a restart; refuses to forget while locked', () => {
    run('keychain', 'set', KEY);
    run('fallback', 'set', 'AnOlderCopy00000');
    lockKeyring();
    expect(run('chain', 'delete')).toEqual({ ok: false, message: UNLOCK_KEYCHAIN });
    unlockKeyring();
    expect(run('keychain', 'get')).toEqual({ ok: true, value: KEY });
    expect(run('chain', 'delete')).toEqual({ ok: true, value: true });
    expect(run('keychain', 'get')).toEqual({ ok: true, value: null });
    expect(run('fallback', 'get')).toEqual({ ok: true, value: null });
    expect(run('chain', 'get')).toEqual({ ok: true, value: null });
  });
});
