// Notifications to where the person is (issue 31 §4) and hooks (§5): what a destination is,
// the events it may receive, and the hook commands, as settings.json keeps them. The
// destination kinds and their payloads are one table in electron/core/notify/kinds.ts; what a
// message says is worded here once (notifyText), for the chat messages the core sends and
// the preview the window shows. No secret is ever in these shapes: a destination's token,
// webhook URL or signing secret is in the keychain, and the window only learns `secretSet`.
import { z } from 'zod';
import { EXPORT_FORMATS } from './export-formats.ts';
import { DESTINATION_KINDS, HOOK_MOMENTS, NOTIFY_EVENTS } from './notify-names.ts';
import { asSaid, type Said } from './said.ts';

const Plain = z.string().refine((value) => !value.includes('\0'), 'text cannot contain a NUL character (\\0)');

export { DESTINATION_KINDS, DESTINATION_SECRET, HOOK_MOMENTS, NOTIFY_EVENTS } from './notify-names.ts';

export const NotifyEvent = z.enum(NOTIFY_EVENTS);
export type NotifyEvent = z.infer<typeof NotifyEvent>;
export const DestinationKind = z.enum(DESTINATION_KINDS);
export type DestinationKind = z.infer<typeof DestinationKind>;

export const DestinationId = z.string().regex(/^[a-z0-9-]{8,64}$/, 'a destination id');

export const Destination = z.strictObject({
  id: DestinationId,
  kind: DestinationKind,
  name: Plain.trim().min(1, 'the destination needs a name').max(80),
  /** The generic webhook's address (https, or http on this computer). The other kinds keep theirs in the keychain. */
  url: Plain.max(2048).nullable(),
  /** Telegram: the chat the bot writes to (a number, or @channelname). */
  chatId: Plain.trim().max(64).nullable(),
  events: z.array(NotifyEvent).max(NOTIFY_EVENTS.length),
  /** How a finished batch's links are written: a row of the export formats. */
  format: z.enum(EXPORT_FORMATS),
});
export type Destination = z.infer<typeof Destination>;

export const Destinations = z.array(Destination).max(20);

/** A destination as the window sees it: whether its secret is in the keychain, never the secret. */
export const DestinationView = Destination.extend({ secretSet: z.boolean() });
export type DestinationView = z.infer<typeof DestinationView>;

/** Why the last attempt failed, as a said code (notify_failed_…); model.ts's SaidSchema would import this module back. */
const LastError = z.custom<Said>((value) => asSaid(value) !== null, 'not a said code with its params');

/** The outbox's deliveries as the window sees them: how many wait, and the last failure per destination (a code). */
export const NotifyView = z.object({
  destinations: z.array(DestinationView),
  waiting: z.array(z.object({ destinationId: DestinationId, count: z.number().int().min(0), lastError: LastError.nullable() })),
});
export type NotifyView = z.infer<typeof NotifyView>;

// ---- Messages: one row per event, with what it says ----

/** Why the queue cannot go on: the service refused the key, or the account's storage is full. */
export const BlockedReason = z.enum(['key-refused', 'storage-full']);
export type BlockedReason = z.infer<typeof BlockedReason>;

export const NotifyMessage = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('batchFinished'),
    account: Plain,
    done: z.number().int().min(0),
    failed: z.number().int().min(0),
    /** The batch's links in the destination's export format (written by the one export writer). */
    links: Plain,
    format: z.enum(EXPORT_FORMATS),
  }),
  z.object({ event: z.literal('uploadFailed'), account: Plain, file: Plain, code: Plain, message: Plain }),
  z.object({ event: z.literal('queueBlocked'), account: Plain, reason: BlockedReason }),
  z.object({
    event: z.literal('takedownsFound'),
    account: Plain,
    count: z.number().int().min(0),
    /** A title is null when the library no longer knew the video (the takedown watch's payload). */
    videos: z.array(z.object({ id: Plain, title: Plain.nullable() })),
  }),
  /** Send test: goes at once, outside the events. */
  z.object({ event: z.literal('test'), destination: Plain }),
]);
export type NotifyMessage = z.infer<typeof NotifyMessage>;

const BLOCKED_TEXT: Record<BlockedReason, string> = {
  'key-refused': 'the service refused the API key; enter a new one in Settings',
  'storage-full': 'the account’s storage is full',
};

/** The message's headline, in words (the chat line; the generic webhook's `text`). */
export function notifyTitle(message: NotifyMessage): string {
  switch (message.event) {
    case 'batchFinished':
      return `Vidlift: uploads finished on “${message.account}”: ${message.done} done${message.failed > 0 ? `, ${message.failed} failed` : ''}`;
    case 'uploadFailed':
      return `Vidlift: “${message.file}” could not be uploaded to “${message.account}”: ${message.message}`;
    case 'queueBlocked':
      return `Vidlift: the upload queue of “${message.account}” is blocked: ${BLOCKED_TEXT[message.reason]}`;
    case 'takedownsFound':
      return `Vidlift: ${message.count} video${message.count === 1 ? ' was' : 's were'} taken down on “${message.account}”`;
    case 'test':
      return `Vidlift: a test message to “${message.destination}”. Notifications arrive here.`;
  }
}

/** The message as one text: its headline, then what it lists (links, titles). `limit` cuts it, saying so. */
export function notifyText(message: NotifyMessage, limit = Infinity): string {
  const body =
    message.event === 'batchFinished' ? message.links.trimEnd() : message.event === 'takedownsFound' ? message.videos.map((v) => `${v.title ?? 'untitled'} (${v.id})`).join('\n') : '';
  const text = body === '' ? notifyTitle(message) : `${notifyTitle(message)}\n\n${body}`;
  if (text.length <= limit) return text;
  const more = '\n… (cut: the rest is in Vidlift)';
  return `${text.slice(0, Math.max(0, limit - more.length))}${more}`;
}

// ---- Hooks ----

/** A program run after an upload or a batch: an absolute path and its arguments, never through a shell. */
export const HookCommand = z.strictObject({
  file: Plain.min(1).max(4096),
  args: z.array(Plain.max(4096)).max(32),
});
export type HookCommand = z.infer<typeof HookCommand>;

export const HookMoment = z.enum(HOOK_MOMENTS);
export type HookMoment = z.infer<typeof HookMoment>;

export const Hooks = z.strictObject({
  afterUpload: HookCommand.nullable(),
  afterBatch: HookCommand.nullable(),
  /** After this, the program is killed. */
  timeoutSeconds: z.number().int().min(1).max(3600),
});
export type Hooks = z.infer<typeof Hooks>;

export const DEFAULT_HOOKS: Hooks = { afterUpload: null, afterBatch: null, timeoutSeconds: 60 };

/** One finished upload, as a hook reads it on stdin (never the key, never the upload session). */
export interface HookUpload {
  file: string;
  size: number;
  videoId: string | null;
  links: { download: string | null; embed: string | null };
  /** The folder's id on the service, and its name when the library knows it. */
  folder: { id: number; name: string | null };
  /** From the upload's first byte to its landing, in seconds (null when it never started here). */
  durationSeconds: number | null;
}

/** The document on a hook's stdin. */
export type HookDocument =
  | ({ event: 'upload'; account: string } & HookUpload)
  | { event: 'batch'; account: string; done: number; failed: number; uploads: HookUpload[] };
