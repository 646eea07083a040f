// What governs the upload queues besides the person's own pause: the bandwidth limit in force
// (timetable or one limit), the upload windows, and the power source. The core says it as
// codes and moments; the window words it (status bar, queue), the command line too.
import { z } from 'zod';

/** Why queued uploads do not start (the queue says it, with when that ends). */
export const UploadsWaitingCode = z.enum(['outside-window', 'on-battery']);
export type UploadsWaitingCode = z.infer<typeof UploadsWaitingCode>;

export const UploadsWaiting = z.object({
  code: UploadsWaitingCode,
  /** When uploads may start again (the window opens); null: not known (on battery: when power is back). */
  until: z.number().nullable(),
});
export type UploadsWaiting = z.infer<typeof UploadsWaiting>;

export const UploadConditions = z.object({
  limit: z.object({
    /** Bytes per second shared by the running uploads; null: no limit. */
    rate: z.number().nullable(),
    /** When the timetable changes it next; null: it does not. */
    until: z.number().nullable(),
    /** Where it comes from: the timetable, or the one limit of Settings. */
    source: z.enum(['timetable', 'limit']),
  }),
  /** The upload windows, when they are on: whether one is open now and when that changes. */
  window: z.object({ open: z.boolean(), changesAt: z.number().nullable() }).nullable(),
  /** Running on battery (false where the system does not say). */
  onBattery: z.boolean(),
  /** Uploads wait, and why; null: they may start. */
  waiting: UploadsWaiting.nullable(),
});
export type UploadConditions = z.infer<typeof UploadConditions>;
