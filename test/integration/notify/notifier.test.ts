// The destinations against loopback receivers: the generic webhook's signature verified as a
// receiver would, Discord's and Slack's payload shapes as their documentation gives them
// (Discord's Execute Webhook: `content` up to 2000 characters; Slack's incoming webhook:
// `text`), and a local stand-in of Telegram's Bot API sendMessage. A receiver down for a
// while, even across a restart, gets its messages later, each once and in order. Every
// request is read whole: none carries another destination's secret, and no log line any.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DestinationList } from '../../../electron/core/notify/destinations.ts';
import { DELIVERY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../../electron/core/notify/kinds.ts';
import { Notifier } from '../../../electron/core/notify/notifier.ts';
import { NotifyOutbox } from '../../../electron/core/notify/outbox.ts';
import { nodeTransport } from '../../../electron/core/api/http.ts';
import { RedactingLogger, type LogRecord } from '../../../electron/core/log/redacting.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { SettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { realTimers } from '../../../electron/core/timers.ts';
import type { NotifyMessage } from '../../../shared/notify.ts';
import { until } from '../../support/core-rig.ts';
import { startReceiver, telegramAnswer, type Receiver } from './receivers.ts';

const SIGNING_SECRET = 'whsec-0123456789abcdef-signing';
const BOT_TOKEN = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';

interface Rig {
  dir: string;
  settings: SettingsStore;
  secrets: MemorySecretStore;
  logs: LogRecord[];
  logger: RedactingLogger;
  list: DestinationList;
  outbox: NotifyOutbox;
  notifier: Notifier;
  receivers: Receiver[];
  telegramApi: string;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.notifier.close();
  rig?.outbox.close();
  for (const receiver of rig?.receivers ?? []) await receiver.close();
  if (rig) rmSync(rig.dir, { recursive: true, force: true });
  rig = undefined;
});

function notifierOn(parts: Pick<Rig, 'settings' | 'secrets' | 'logger' | 'outbox' | 'telegramApi'>): Notifier {
  return new Notifier({
    outbox: parts.outbox,
    destinations: () => parts.settings.get().notifyDestinations,
    secrets: parts.secrets,
    registry: parts.logger,
    transport: nodeTransport,
    logger: parts.logger,
    timers: realTimers,
    // Short waits, so a test sees the retries; the policy is the same as the app's.
    backoff: { baseMs: 20, capMs: 100 },
    telegramApi: parts.telegramApi,
    deadlineMs: 5_000,
  });
}

async function setUp(telegramApi = 'http://127.0.0.1:9'): Promise<Rig> {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-notify-'));
  const settings = new SettingsStore({ file: join(dir, 'settings.json') });
  const secrets = new MemorySecretStore();
  const logs: LogRecord[] = [];
  const logger = new RedactingLogger({ sinks: [{ write: (record) => logs.push(record) }], minLevel: 'debug' });
  const outbox = new NotifyOutbox(join(dir, 'notify-outbox.sqlite'));
  const notifier = notifierOn({ settings, secrets, logger, outbox, telegramApi });
  const list = new DestinationList({ settings, secrets, registry: logger, outbox });
  rig = { dir, settings, secrets, logs, logger, list, outbox, notifier, receivers: [], telegramApi };
  notifier.start();
  return rig;
}

async function receiver(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const started = await startReceiver(answer);
  rig!.receivers.push(started);
  return started;
}

const failed = (file: string): NotifyMessage => ({ event: 'uploadFailed', account: 'Work', file, code: 'server', message: 'The file server is having trouble' });

function verifySignature(request: { headers: Record<string, string | string[] | undefined>; body: string }, secret: string): boolean {
  const timestamp = String(request.headers[TIMESTAMP_HEADER.toLowerCase()]);
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`);
  const given = Buffer.from(String(request.headers[SIGNATURE_HEADER.toLowerCase()]));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('notification destinations', () => {
  it('the generic webhook signs its body with HMAC-SHA256; the receiver verifies it and refuses a tampered one', async () => {
    const { list, notifier } = await setUp();
    const hook = await receiver();
    await list.save({ kind: 'webhook', name: 'My server', url: `${hook.base}/vidlift`, chatId: null, events: ['uploadFailed'], format: 'download' }, SIGNING_SECRET);
    notifier.publish('uploadFailed', () => failed('a.mp4'));
    await until('the webhook got the message', () => hook.received.length === 1);
    const [request] = hook.received;
    expect(request!.path).toBe('/vidlift');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(verifySignature(request!, SIGNING_SECRET)).toBe(true);
    expect(verifySignature({ ...request!, body: request!.body.replace('a.mp4', 'b.mp4') }, SIGNING_SECRET)).toBe(false);
    expect(verifySignature(request!, 'another-secret-0123456789')).toBe(false);
    expect(request!.headers[DELIVERY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request!.body)).toMatchObject({ event: 'uploadFailed', account: 'Work', file: 'a.mp4', code: 'server', text: expect.stringContaining('a.mp4') });
    expect(request!.body).not.toContain(SIGNING_SECRET);
  });

  it('Discord gets `content` (at most 2000 characters, mentions off), Slack gets `text`, Telegram sendMessage gets chat_id and text', async () => {
    const telegram = await startReceiver(telegramAnswer(BOT_TOKEN));
    const { list, notifier } = await setUp(telegram.base);
    rig!.receivers.push(telegram);
    const discord = await receiver();
    const slack = await receiver(() => ({ status: 200, body: 'ok' }));
    const events = ['batchFinished' as const];
    await list.save({ kind: 'discord', name: 'Discord', url: null, chatId: null, events, format: 'markdown' }, `${discord.base}/api/webhooks/123/discord-token-xyz`);
    await list.save({ kind: 'slack', name: 'Slack', url: null, chatId: null, events, format: 'download' }, `${slack.base}/services/T000/B000/slack-token-xyz`);
    await list.save({ kind: 'telegram', name: 'Phone', url: null, chatId: '-1001234567', events, format: 'embed' }, BOT_TOKEN);
    const links = Array.from({ length: 300 }, (_, i) => `https://video.example/d/video${i}`).join('\n');
    notifier.publish('batchFinished', (destination) => ({ event: 'batchFinished', account: 'Work', done: 300, failed: 1, links, format: destination.format }));
    await until("all three got it", () => discord.received.length === 1 && slack.received.length === 1 && telegram.received.length === 1).catch((error: unknown) => { throw new Error(`${String(error)} ${JSON.stringify({ d: discord.received.length, s: slack.received.length, t: telegram.received.map((r) => [r.path, r.body.length]), w: rig!.outbox.waiting() })}`); });

    const toDiscord = JSON.parse(discord.received[0]!.body) as { content: string; allowed_mentions: unknown };
    expect(discord.received[0]!.path).toBe('/api/webhooks/123/discord-token-xyz');
    expect(toDiscord.content.length).toBeLessThanOrEqual(2000);
    expect(toDiscord.content).toContain('300 done, 1 failed');
    expect(toDiscord.content).toContain('https://video.example/d/video0');
    expect(toDiscord.allowed_mentions).toEqual({ parse: [] });

    const toSlack = JSON.parse(slack.received[0]!.body) as { text: string };
    expect(Object.keys(toSlack)).toEqual(['text']);
    expect(toSlack.text).toContain('300 done, 1 failed');

    const toTelegram = JSON.parse(telegram.received[0]!.body) as { chat_id: string; text: string };
    expect(telegram.received[0]!.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(toTelegram.chat_id).toBe('-1001234567');
    expect(toTelegram.text.length).toBeLessThanOrEqual(4096);
    await until('the outbox is empty', () => rig!.outbox.waiting().length === 0);
  });

  it('a receiver down for a while gets its messages later, each once and in order, across a restart too', async () => {
    const parts = await setUp();
    const hook = await receiver();
    await parts.list.save({ kind: 'webhook', name: 'Flaky', url: `${hook.base}/in`, chatId: null, events: ['uploadFailed'], format: 'download' }, SIGNING_SECRET);
    await hook.down();
    for (const file of ['1.mp4', '2.mp4', '3.mp4']) parts.notifier.publish('uploadFailed', () => failed(file));
    await until('an attempt failed and was put off', () => parts.outbox.waiting().some((w) => w.count === 3 && w.lastError !== null));
    // Why, as a said code the window words in its language ("last try: …").
    const why = parts.outbox.waiting()[0]!.lastError!;
    expect(why.code).toMatch(/^notify_(failed_network|failed_http|waiting_behind)$/);
    // The app quits while the receiver is down; the outbox file keeps the messages.
    await parts.notifier.close();
    parts.outbox.close();
    expect(hook.received).toEqual([]);

    const outbox = new NotifyOutbox(join(parts.dir, 'notify-outbox.sqlite'));
    const notifier = notifierOn({ ...parts, outbox });
    rig = { ...parts, outbox, notifier };
    expect(outbox.waiting()).toMatchObject([{ count: 3, lastError: why }]);
    notifier.start();
    await hook.up();
    await until('all three arrived', () => outbox.waiting().length === 0);
    const files = hook.received.map((r) => (JSON.parse(r.body) as { file: string }).file);
    expect(files).toEqual(['1.mp4', '2.mp4', '3.mp4']);
    const ids = hook.received.map((r) => r.headers[DELIVERY_HEADER.toLowerCase()]);
    expect(new Set(ids).size).toBe(3);
  });

  it('no request carries another destination’s secret, and no log line any secret', async () => {
    const { list, notifier, logs } = await setUp();
    const echo = await receiver((request) => ({ status: 500, body: JSON.stringify(request) }));
    const other = await receiver();
    await list.save({ kind: 'webhook', name: 'Echo', url: `${echo.base}/echo`, chatId: null, events: ['queueBlocked'], format: 'download' }, SIGNING_SECRET);
    await list.save({ kind: 'discord', name: 'Other', url: null, chatId: null, events: ['queueBlocked'], format: 'download' }, `${other.base}/api/webhooks/9/other-discord-secret`);
    notifier.publish('queueBlocked', () => ({ event: 'queueBlocked', account: 'Work', reason: 'key-refused' }));
    await until('both got it, the echo twice', () => echo.received.length >= 2 && other.received.length === 1);
    const toEcho = JSON.stringify(echo.received);
    expect(toEcho).not.toContain('other-discord-secret');
    expect(toEcho).not.toContain(SIGNING_SECRET);
    expect(JSON.stringify(other.received)).not.toContain(SIGNING_SECRET);
    const logged = JSON.stringify(logs);
    expect(logged).toContain('a notification did not arrive');
    expect(logged).not.toContain('other-discord-secret');
    expect(logged).not.toContain(SIGNING_SECRET);
    // The window's view: whether each secret is set, never the secret.
    const view = JSON.stringify(await list.view());
    expect(view).not.toContain('other-discord-secret');
    expect(view).not.toContain(SIGNING_SECRET);
    expect((await list.view()).destinations.map((d) => d.secretSet)).toEqual([true, true]);
  });

  it('refuses a webhook address on another host than Discord’s, a bad bot token and a destination without its secret', async () => {
    const { list } = await setUp();
    await expect(list.save({ kind: 'discord', name: 'D', url: null, chatId: null, events: [], format: 'download' }, 'https://discord.example.com/api/webhooks/1/x')).rejects.toMatchObject({ code: 'validation' });
    await expect(list.save({ kind: 'telegram', name: 'T', url: null, chatId: '12345', events: [], format: 'download' }, 'not-a-token')).rejects.toMatchObject({ code: 'validation' });
    await expect(list.save({ kind: 'webhook', name: 'W', url: 'http://example.com/hook', chatId: null, events: [], format: 'download' }, SIGNING_SECRET)).rejects.toMatchObject({ code: 'validation' });
    await expect(list.save({ kind: 'slack', name: 'S', url: null, chatId: null, events: [], format: 'download' }, undefined)).rejects.toMatchObject({ code: 'validation' });
    expect((await list.view()).destinations).toEqual([]);
    // Another kind needs its own secret: a signing secret is no webhook address.
    const { destinations } = await list.save({ kind: 'webhook', name: 'W', url: 'https://example.com/hook', chatId: null, events: [], format: 'download' }, SIGNING_SECRET);
    await expect(list.save({ ...destinations[0]!, kind: 'discord', url: null }, undefined)).rejects.toMatchObject({ code: 'validation', said: { code: 'destination_enter_webhook', params: {} }, message: 'Enter the webhook address first.' });
  });

  it('Send test reaches the receiver at once and says when it did not', async () => {
    const { list, notifier } = await setUp();
    const hook = await receiver();
    const view = await list.save({ kind: 'webhook', name: 'Test me', url: `${hook.base}/t`, chatId: null, events: [], format: 'download' }, SIGNING_SECRET);
    const id = view.destinations[0]!.id;
    await notifier.test(id);
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({ event: 'test', destination: 'Test me' });
    await hook.down();
    await expect(notifier.test(id)).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('network') });
  });
});
