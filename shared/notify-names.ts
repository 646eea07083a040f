// The names of notifications and hooks without their schemas (shared/notify.ts): the window
// reads these, and a schema module in its bundle brought zod's runtime (its eval probe broke
// the CSP check of issue 33). notify.ts re-exports them with their schemas.

/** The events a destination may receive, in the order Settings lists them. */
export const NOTIFY_EVENTS = ['batchFinished', 'uploadFailed', 'queueBlocked', 'takedownsFound'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** The destination kinds (their rows: electron/core/notify/kinds.ts). */
export const DESTINATION_KINDS = ['webhook', 'discord', 'telegram', 'slack'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

/** What the keychain holds for each kind, which is also what the person types once into Settings. */
export const DESTINATION_SECRET: Record<DestinationKind, 'signingSecret' | 'webhookUrl' | 'botToken'> = {
  webhook: 'signingSecret',
  // A Discord or Slack webhook URL is itself the credential: anyone who has it can post.
  discord: 'webhookUrl',
  slack: 'webhookUrl',
  telegram: 'botToken',
};

/** The shortest webhook signing secret taken: Settings says it before the core refuses one shorter. */
export const SIGNING_SECRET_MIN_LENGTH = 16;

/** When a hook runs. */
export const HOOK_MOMENTS = ['afterUpload', 'afterBatch'] as const;
export type HookMoment = (typeof HOOK_MOMENTS)[number];
