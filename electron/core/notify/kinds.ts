// The destination kinds: one row each, saying what the keychain holds for it, how long a
// message may be there, and how one message becomes one HTTP request. Everything else (the
// outbox, the delivery with its retries, Send test, Settings) is the same for every kind and
// reads this table. A kind's secret goes only into its own request (the URL or the header
// its row builds), never into a body, a log line or another destination's request.
import { createHmac } from 'node:crypto';
import type { Destination, DestinationKind, NotifyMessage } from '../../../shared/notify.ts';
import { notifyText, notifyTitle } from '../../../shared/notify.ts';
import { isHttpUrl, isLoopbackHost } from '../../../shared/model.ts';
import { said, type Said } from '../../../shared/said.ts';

/** One delivery, ready to send: the outbox row's id names it to the receiver (X-Vidlift-Delivery for the generic webhook). */
export interface NotifyRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
}

export interface DeliveryContext {
  /** The outbox row's id: the same on every retry of one message, so a receiver can drop a repeat. */
  deliveryId: string;
  /** Epoch ms of this attempt (the generic webhook signs it with the body). */
  now: number;
  /** Telegram's Bot API address: https://api.telegram.org, replaced only by tests (CoreOptions.telegramApiBase). */
  telegramApi: string;
}

interface KindRow {
  /** Checks what the person typed as the kind's secret; answers the reason it is not usable, or null. */
  checkSecret(secret: string): Said | null;
  /** Checks the non-secret fields of a destination of this kind; answers what is missing, or null. */
  checkDestination(destination: Destination): Said | null;
  build(message: NotifyMessage, destination: Destination, secret: string, context: DeliveryContext): NotifyRequest;
}

/** The generic webhook's signature header: `sha256=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under the signing secret. */
export const SIGNATURE_HEADER = 'X-Vidlift-Signature';
/** The epoch-milliseconds timestamp the signature covers (a receiver refuses an old one: no replay). */
export const TIMESTAMP_HEADER = 'X-Vidlift-Timestamp';
/** The delivery's id, the same on every retry (a receiver drops a repeat). */
export const DELIVERY_HEADER = 'X-Vidlift-Delivery';

export function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

type UrlProblem = 'not_web' | 'plain_http' | 'credentials';

/** https anywhere; plain http only to this computer (a receiver on loopback). */
function sendableUrl(value: string | null): UrlProblem | null {
  if (value === null || !isHttpUrl(value)) return 'not_web';
  const url = new URL(value);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'plain_http';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}

/** A problem with the receiver's address (the generic webhook's field), and with a webhook address that is the secret. */
const DESTINATION_URL_PROBLEMS: Record<UrlProblem, Said> = {
  not_web: said('destination_url_not_web'),
  plain_http: said('destination_url_plain_http'),
  credentials: said('destination_url_credentials'),
};
const WEBHOOK_SECRET_PROBLEMS: Record<UrlProblem, Said> = {
  not_web: said('destination_webhook_not_web'),
  plain_http: said('destination_webhook_plain_http'),
  credentials: said('destination_webhook_credentials'),
};

/** The generic webhook's signing secret is at least this long. */
const SIGNING_SECRET_MIN = 16;

const json = { 'Content-Type': 'application/json' };

/** What the generic webhook's body carries: the message's fields, its words, and when. */
export function webhookBody(message: NotifyMessage, now: number): string {
  return JSON.stringify({ ...message, text: notifyTitle(message), at: new Date(now).toISOString() });
}

export const DESTINATION_KIND_ROWS: Record<DestinationKind, KindRow> = {
  webhook: {
    checkSecret: (secret) => (secret.length >= SIGNING_SECRET_MIN ? null : said('destination_signing_secret_short', { min: SIGNING_SECRET_MIN })),
    checkDestination: (destination) => {
      const problem = sendableUrl(destination.url);
      return problem === null ? null : DESTINATION_URL_PROBLEMS[problem];
    },
    build: (message, destination, secret, { deliveryId, now }) => {
      const body = webhookBody(message, now);
      const timestamp = String(now);
      return {
        url: new URL(destination.url!),
        headers: { ...json, [TIMESTAMP_HEADER]: timestamp, [DELIVERY_HEADER]: deliveryId, [SIGNATURE_HEADER]: signBody(secret, timestamp, body) },
        body,
      };
    },
  },
  // Discord's Execute Webhook: JSON with `content`, at most 2000 characters; `allowed_mentions`
  // empty so a title like "@everyone" pings no one.
  discord: {
    checkSecret: (secret) => webhookAt(secret, ['discord.com', 'discordapp.com'], '/api/webhooks/'),
    checkDestination: () => null,
    build: (message, _destination, secret) => ({
      url: new URL(secret),
      headers: json,
      body: JSON.stringify({ content: notifyText(message, 2000), allowed_mentions: { parse: [] } }),
    }),
  },
  // Slack's incoming webhook: JSON with `text` (mrkdwn); Slack advises at most 4000 characters.
  slack: {
    checkSecret: (secret) => webhookAt(secret, ['hooks.slack.com'], '/services/'),
    checkDestination: () => null,
    build: (message, _destination, secret) => ({ url: new URL(secret), headers: json, body: JSON.stringify({ text: notifyText(message, 4000) }) }),
  },
  // The Bot API's sendMessage: the token is part of the path (that is how the API takes it);
  // a text holds at most 4096 characters.
  telegram: {
    checkSecret: (secret) => (/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/.test(secret) ? null : said('destination_bot_token')),
    checkDestination: (destination) => (destination.chatId && /^(-?\d{1,20}|@[A-Za-z0-9_]{4,64})$/.test(destination.chatId) ? null : said('destination_chat_id')),
    build: (message, destination, secret, { telegramApi }) => ({
      // Joined as text: resolved as a relative URL, `bot123:ABC` would read as a scheme.
      url: new URL(`${telegramApi.replace(/\/+$/, '')}/bot${secret}/sendMessage`),
      headers: json,
      body: JSON.stringify({ chat_id: destination.chatId, text: notifyText(message, 4096), link_preview_options: { is_disabled: true } }),
    }),
  },
};

/**
 * A Discord or Slack webhook URL is only accepted on that service's own host (or this
 * computer, for a receiver in a test): the URL is the secret, and a typo'd host would get it.
 */
function webhookAt(value: string, hosts: readonly string[], pathStart: string): Said | null {
  const problem = sendableUrl(value);
  if (problem) return WEBHOOK_SECRET_PROBLEMS[problem];
  const url = new URL(value);
  const known = hosts.includes(url.hostname) || isLoopbackHost(url.hostname);
  if (!known || !url.pathname.startsWith(pathStart)) return said('destination_webhook_host', { host: hosts[0]!, start: `https://${hosts[0]}${pathStart}` });
  return null;
}
