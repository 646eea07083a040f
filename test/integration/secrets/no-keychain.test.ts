// Where no Secret Service exists, the real keytar store must fail fast and clearly, never
// hang and never fall back to plaintext. Runs always: a child process points D-Bus at a
// socket that does not exist.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const script = `
import { KeytarSecretStore } from './electron/core/secrets/keytar-store.ts';
const store = new KeytarSecretStore({ timeoutMs: 3000 });
const results = {};
for (const [name, call] of [['get', () => store.get('probe')], ['set', () => store.set('probe', 'x'.repeat(16))]]) {
  try { await call(); results[name] = { ok: true }; }
  catch (e) { results[name] = { ok: false, code: e.code, message: e.message, isAppError: e.name === 'AppError' }; }
}
results.status = await store.status();
process.stdout.write(JSON.stringify(results));
process.exit(0);
`;

describe('KeytarSecretStore without a keychain', () => {
  it('ends in a clear unavailable error within seconds', async () => {
    const started = Date.now();
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        {
          cwd: root,
          timeout: 20_000,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/vidlift-bus' },
        },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      );
    });
    const results = JSON.parse(out) as Record<string, { ok: boolean; code?: string; message?: string; isAppError?: boolean }> & {
      status: { available: boolean; backend: string; problem: { code: string; params: Record<string, unknown> } | null };
    };
    for (const name of ['get', 'set']) {
      expect(results[name]).toMatchObject({ ok: false, code: 'unavailable', isAppError: true });
      expect(results[name]?.message).toMatch(/No keychain is available: install and start a Secret Service such as GNOME Keyring/);
    }
    expect(results.status).toMatchObject({ available: false, backend: 'none' });
    // Why, as a said code the window words in the person's language (the keychain's own words as its detail).
    expect(results.status.problem?.code).toBe('keychain_none_linux');
    // Bounded, not a performance figure: three keychain calls, each raced against 3 s.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
