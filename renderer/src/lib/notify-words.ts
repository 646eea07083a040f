// Settings › Notifications in the window's language: the names of destination kinds, events,
// secrets and link formats, one table each. Each entry is a function so it is worded in the
// locale in force when shown. Brand names (Discord, Slack, Telegram) read the same everywhere.
import { SIGNING_SECRET_MIN_LENGTH, type DESTINATION_SECRET, type DestinationKind, type NotifyEvent } from '../../../shared/notify-names.ts';
import { m } from './i18n.svelte.ts';

export const KIND_LABEL: Record<DestinationKind, () => string> = {
  webhook: () => m.notify_kind_webhook(),
  discord: () => 'Discord',
  slack: () => 'Slack',
  telegram: () => 'Telegram',
};

/** Long: the checkbox that chooses it; short: the destination's summary line. */
export const EVENT_LABEL: Record<NotifyEvent, { long: () => string; short: () => string }> = {
  batchFinished: { long: () => m.notify_event_batch_finished(), short: () => m.notify_event_batch_finished_short() },
  uploadFailed: { long: () => m.notify_event_upload_failed(), short: () => m.notify_event_upload_failed_short() },
  queueBlocked: { long: () => m.notify_event_queue_blocked(), short: () => m.notify_event_queue_blocked_short() },
  takedownsFound: { long: () => m.notify_event_takedowns_found(), short: () => m.notify_event_takedowns_found_short() },
};

/** The secret each kind keeps in the keychain: its field's label and what the empty field suggests. */
export const SECRET_WORDS: Record<(typeof DESTINATION_SECRET)[DestinationKind], { label: () => string; placeholder: () => string }> = {
  signingSecret: { label: () => m.notify_secret_signing(), placeholder: () => m.notify_secret_signing_placeholder({ count: SIGNING_SECRET_MIN_LENGTH }) },
  webhookUrl: { label: () => m.notify_secret_webhook_url(), placeholder: () => 'https://…' },
  botToken: { label: () => m.notify_secret_bot_token(), placeholder: () => m.notify_secret_bot_token_placeholder({ example: '123456:ABC…', bot: '@BotFather' }) },
};

