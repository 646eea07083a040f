// A service that quotes the key back in its error message: the message the app keeps,
// shows and stores has it redacted in every form (plain, URL-encoded, base64), through the
// same registry the log uses.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { AuthService } from '../../../electron/core/accounts/key-check.ts';
import { Redactor, secretForms } from '../../../electron/core/log/redacting.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { SettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { AppError } from '../../../shared/errors.ts';
import { failure, startTinyServer, tempDir, type TinyServer } from './fixtures.ts';

const KEY = 'k3y+with/odd=chars';
const b64 = Buffer.from(KEY).toString('base64');
let service: TinyServer;

beforeAll(async () => {
  const message = `Unknown key ${KEY} (as sent: ${encodeURIComponent(KEY)}, decoded: ${b64})`;
  service = await startTinyServer({ status: 500, type: 'application/json', body: JSON.stringify({ message, status: 500 }) });
});

afterAll(async () => {
  await service?.close();
});

describe('a service error that echoes the key', () => {
  it('keeps the service words but not the key, in any form', async () => {
    const client = new ServiceClient({ baseUrl: service.url, apiKey: KEY, secrets: new Redactor(), verifyKeyOnError: false, deadlineMs: 2_000 });
    const error = await failure(client.folderCreate({ name: 'Trips' }));
    expect(error.kind).toBe('service');
    expect(error.message).toContain('Unknown key [redacted]');
    for (const text of [error.message, error.serviceMessage ?? '', JSON.stringify(error.toShape())]) {
      for (const form of secretForms(KEY)) expect(text).not.toContain(form);
    }
  });

  it('a new key the service refuses while quoting it is not shown back either', async () => {
    // A key is letters and digits only (its shape is checked before the service is asked).
    const key = 'AbCd1234EfGh5678';
    const message = `Unknown key ${key} (${Buffer.from(key).toString('base64')})`;
    const echoing = await startTinyServer({ status: 500, type: 'application/json', body: JSON.stringify({ message, status: 500 }) });
    const tmp = tempDir('vidlift-echo-auth-');
    try {
      const auth = new AuthService({ secrets: new MemorySecretStore(), settings: new SettingsStore({ file: path.join(tmp.dir, 'settings.json') }), registry: new Redactor() });
      const error = await auth.addKey({ baseUrl: echoing.url, key: key }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      const shape = (error as AppError).toShape();
      expect(shape).toMatchObject({ code: 'unauthorized' });
      expect(shape.message).toContain('Unknown key [redacted] ([redacted])');
      for (const form of secretForms(key)) expect(JSON.stringify(shape)).not.toContain(form);
    } finally {
      tmp.cleanup();
      await echoing.close();
    }
  });
});
