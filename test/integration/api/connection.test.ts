// The connection monitor fed by a real client: a stopped host turns it offline from the
// failed request itself, the probe brings it back online when the host returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { ConnectionMonitor } from '../../../electron/core/api/connection.ts';
import type { Connection } from '../../../shared/model.ts';
import { startHost, type Host } from '../../host/index.ts';
import { sayInEnglish } from '../../../shared/i18n/say.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
});
afterAll(async () => {
  await host?.close();
});

describe('ConnectionMonitor with the client', () => {
  it('goes offline on a real network failure and online again through the probe', async () => {
    const emitted: Connection[] = [];
    // The probe closes over the client created after the monitor (as in the composition root).
    const late: { client?: ServiceClient } = {};
    const monitor = new ConnectionMonitor({
      probe: () => (late.client ? late.client.slots() : Promise.reject(new Error('no client yet'))),
      firstDelayMs: 50,
      maxDelayMs: 200,
      events: { emit: (_e, payload) => void emitted.push(payload as Connection) },
    });
    const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, connection: monitor, deadlineMs: 2_000, sleep: async () => undefined });
    late.client = client;
    try {
      await client.account();
      expect(monitor.state().state).toBe('online');

      // A service error is the service answering: still online.
      await client.videoInfo({ id: 'zzzzzzzzzzzz' }).catch(() => undefined);
      expect(monitor.state().state).toBe('online');

      host.control.setOffline(true);
      const error = await client.account().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'offline' });
      expect(monitor.state()).toMatchObject({ state: 'offline' });
      // The reason is a said thing (worded by the window and the CLI); its English says what happened.
      expect(sayInEnglish(monitor.state().reason!)).toMatch(/could not be reached/);
      expect(monitor.state().nextAttemptAt).not.toBeNull();

      const online = new Promise<void>((resolve) => monitor.onChange((now) => now.state === 'online' && resolve()));
      host.control.setOffline(false);
      await online;
      expect(monitor.state()).toMatchObject({ state: 'online', reason: null, nextAttemptAt: null });
      expect(emitted.map((c) => c.state)).toContain('offline');
      expect(emitted.at(-1)?.state).toBe('online');
    } finally {
      monitor.stop();
    }
  });

  it('a refused connection (host stopped) is offline too', async () => {
    const monitor = new ConnectionMonitor({ probe: async () => undefined, firstDelayMs: 60_000 });
    const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, connection: monitor, deadlineMs: 2_000, sleep: async () => undefined });
    await host.control.stop();
    try {
      await expect(client.slots()).rejects.toMatchObject({ code: 'offline', kind: 'network' });
      expect(monitor.state().state).toBe('offline');
    } finally {
      await host.control.start();
      monitor.stop();
    }
    await client.slots();
    expect(monitor.state().state).toBe('online');
  });
});
