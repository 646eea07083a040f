// Issue 18 item 4: plain http as the service address only for this computer, or after the
// person confirmed the risk (remembered per origin). The key check is a recording stand-in:
// what matters is that nothing is sent to the address before the consent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AuthService } from '../../../../electron/core/accounts/key-check.ts';
import { MemorySecretStore } from '../../../../electron/core/secrets/memory-store.ts';
import { SettingsStore, settingsFromUnknown } from '../../../../electron/core/settings/settings-store.ts';
import { needsPlainHttpConsent } from '../../../../shared/model.ts';

/** The refusal: a validation error whose words are the code plain_http_risk (worded by the window or the CLI). */
const REFUSED = { code: 'validation', said: { code: 'plain_http_risk', params: {} } };

const dir = mkdtempSync(join(tmpdir(), 'vidlift-plain-http-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KEY = 'AAAAbbbbCCCCdddd';

function setup(name: string) {
  const checked: string[] = [];
  const settings = new SettingsStore({ file: join(dir, `${name}.json`) });
  const auth = new AuthService({ secrets: new MemorySecretStore(), settings, verify: async (baseUrl) => {
      checked.push(baseUrl);
      return { email: 'owner@video.example' };
    } });
  return { auth, settings, checked };
}

describe('plain http as the service address', () => {
  it.each([
    ['http://192.0.2.10:8080', true],
    ['http://video.example', true],
    ['https://video.example', false],
    ['http://127.0.0.1:4010', false],
    ['http://127.9.9.9', false],
    ['http://localhost:4010', false],
    ['http://[::1]:4010', false],
    ['http://localhost.video.example', true],
  ])('%s needs consent: %s', (address, needed) => {
    expect(needsPlainHttpConsent(address)).toBe(needed);
  });

  it('is refused before anything is sent, unless confirmed; the confirmation is remembered for that origin', async () => {
    const { auth, settings, checked } = setup('consent');
    await expect(auth.addKey({ baseUrl: 'http://192.0.2.10:8080', key: KEY })).rejects.toMatchObject(REFUSED);
    expect(checked).toEqual([]);
    expect(settings.get().baseUrl).toBeNull();

    await auth.addKey({ baseUrl: 'http://192.0.2.10:8080', key: KEY, allowPlainHttp: true });
    expect(checked).toEqual(['http://192.0.2.10:8080']);
    expect(settings.get()).toMatchObject({ baseUrl: 'http://192.0.2.10:8080', plainHttpAllowed: ['http://192.0.2.10:8080'] });
    // Replacing the key later for the same address asks no more.
    await auth.addKey({ baseUrl: 'http://192.0.2.10:8080', key: 'EEEEffffGGGGhhhh' });
    expect(checked).toHaveLength(2);
    // Another plain-http host still needs its own confirmation.
    await expect(auth.addKey({ baseUrl: 'http://198.51.100.7', key: KEY })).rejects.toMatchObject(REFUSED);
  });

  it('accepts the sandbox on this computer and https without asking', async () => {
    const { auth, checked } = setup('loopback');
    await auth.addKey({ baseUrl: 'http://127.0.0.1:4010', key: KEY });
    await auth.addKey({ baseUrl: 'https://video.example', key: KEY });
    expect(checked).toEqual(['http://127.0.0.1:4010', 'https://video.example']);
  });

  it('does not use a plain-http address from a settings file unless it was confirmed', () => {
    expect(settingsFromUnknown({ baseUrl: 'http://192.0.2.10' }).settings.baseUrl).toBeNull();
    expect(settingsFromUnknown({ baseUrl: 'http://192.0.2.10', plainHttpAllowed: ['http://192.0.2.10'] }).settings.baseUrl).toBe('http://192.0.2.10');
    expect(settingsFromUnknown({ baseUrl: 'http://127.0.0.1:4010' }).settings.baseUrl).toBe('http://127.0.0.1:4010');
    writeFileSync(join(dir, 'edited.json'), JSON.stringify({ baseUrl: 'http://203.0.113.5' }));
    expect(new SettingsStore({ file: join(dir, 'edited.json') }).get().baseUrl).toBeNull();
  });
});
