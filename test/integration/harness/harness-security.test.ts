// Issue 18 item 6 (the dev harness, never shipped): its Vite server sends no CORS headers (a
// web page cannot read the config module with the socket token), grants are accepted only
// under the run's fixture folder, and no message, however malformed, crashes the process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../harness/index.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ seed: 'empty', configured: true });
});
afterAll(async () => {
  await harness?.close();
});

const CONFIG_MODULE = '@id/__x00__virtual:vidlift-harness-config';

async function connect(): Promise<{ call: (method: string, input?: unknown, accountId?: string | null) => Promise<{ ok: boolean; error?: { code: string } }>; send: (raw: string) => void; socket: WebSocket }> {
  const source = await (await fetch(new URL(CONFIG_MODULE, harness.url))).text();
  const config = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as { wsUrl: string; token: string };
  const socket = new WebSocket(config.wsUrl, { origin: new URL(harness.url).origin });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', token: config.token })));
    socket.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === 'ready') resolve();
    });
    socket.once('error', reject);
  });
  let next = 1;
  const call = (method: string, input?: unknown, accountId?: string | null) =>
    new Promise<{ ok: boolean; error?: { code: string } }>((resolve) => {
      const id = next++;
      const listener = (raw: WebSocket.RawData): void => {
        const message = JSON.parse(raw.toString()) as { type: string; id?: number; envelope?: { ok: boolean; error?: { code: string } } };
        if (message.type === 'result' && message.id === id) {
          socket.off('message', listener);
          resolve(message.envelope!);
        }
      };
      socket.on('message', listener);
      socket.send(JSON.stringify({ type: 'call', id, method, input, accountId }));
    });
  return { call, send: (raw) => socket.send(raw), socket };
}

describe('the browser harness', () => {
  it.each(['https://evil.example', 'http://localhost:9999', 'http://127.0.0.1:9999'])(
    'sends no CORS headers to %s, so no other page (not even another local one) can read the token',
    async (origin) => {
      const response = await fetch(new URL(CONFIG_MODULE, harness.url), { headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('grants only files under the fixture folder, and survives malformed grants and calls', async () => {
    // A client that sends rubbish (the socket closes on a message that is not JSON).
    const rude = await connect();
    rude.send(JSON.stringify({ type: 'grant', path: 42 }));
    rude.send(JSON.stringify({ type: 'grant' }));
    rude.send(JSON.stringify({ type: 'call', id: 'x', method: { evil: true }, input: null }));
    rude.send('not json at all');
    await new Promise((resolve) => rude.socket.once('close', resolve));

    const { call, send, socket } = await connect();
    const inside = join(harness.fixtureDir, 'clip.mp4');
    writeFileSync(inside, Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(2048)]));
    for (const path of ['/', '/etc', 'relative/clip.mp4', '../../etc/passwd', `${harness.fixtureDir}/../outside.mp4`]) send(JSON.stringify({ type: 'grant', path }));

    const account = harness.core.shownAccountId();
    expect(account).not.toBeNull();
    const refused = await call('uploads:add', { paths: ['/etc/hostname'], folderId: 0 }, account);
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation' } });
    send(JSON.stringify({ type: 'grant', path: inside }));
    // An account-scoped call that names no account is refused before anything runs.
    expect(await call('uploads:add', { paths: [inside], folderId: 0 })).toMatchObject({ ok: false, error: { code: 'validation' } });
    const accepted = await call('uploads:add', { paths: [inside], folderId: 0 }, account);
    expect(accepted.ok).toBe(true);
    socket.close();
    // A new client still gets answers: the process did not crash.
    const again = await connect();
    expect((await again.call('app:notices')).ok).toBe(true);
    again.socket.close();
  });
});
