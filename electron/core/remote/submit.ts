// Sends waiting rows to the service (operation 5), as many as it has free slots (operation
// 10), oldest first. Each row is marked `submitting` before its request and gets the
// service's id right after, so a crash or a lost reply can never lead to a blind resubmit.
import type { Slots } from '../../../shared/model.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ServiceApi } from '../api/service-api.ts';
import { isUnanswered } from './errors.ts';
import type { RemoteRow, RemoteStore } from './store.ts';

export interface SubmitOptions {
  signal: AbortSignal;
  /** After each row the service took or refused (the view can show progress). */
  onSubmitted?: () => void;
}

/** Submits what fits into `slots.free`; returns the slots as the service last reported them. */
export async function submitWaiting(api: ServiceApi, store: RemoteStore, slots: Slots, options: SubmitOptions): Promise<Slots> {
  let current = slots;
  for (const row of store.submittable()) {
    if (current.free <= 0) break;
    const outcome = await submitOne(api, store, row, options.signal);
    if (outcome === 'no_slot') {
      current = { ...current, free: 0 };
      break;
    }
    if (outcome === 'refused') {
      // Refused for a reason of its own, or because the queue filled up meanwhile (another
      // client): the slot count tells which without reading the message.
      current = (await api.slots({ signal: options.signal })).slots;
      if (current.free <= 0) {
        store.setPhase(row.localId, 'local');
        break;
      }
    } else {
      current = outcome;
    }
    options.onSubmitted?.();
  }
  return current;
}

type Outcome = Slots | 'refused' | 'no_slot';

async function submitOne(api: ServiceApi, store: RemoteStore, row: RemoteRow, signal: AbortSignal): Promise<Outcome> {
  store.setPhase(row.localId, 'submitting');
  try {
    // The folder asked for goes with it (wire.ts); the item's folder is then what the service reports.
    const added = await api.remoteAdd({ url: row.url, ...(row.folderId > 0 ? { folder: row.folderId } : {}) }, { signal });
    store.markSubmitted(row.localId, added.id, 'pending');
    return { used: added.slots.used, total: added.slots.total, free: Math.max(0, added.slots.total - added.slots.used) };
  } catch (error) {
    if (isUnanswered(error)) {
      store.setPhase(row.localId, 'uncertain');
      throw error;
    }
    if (error instanceof AppError && error.code === 'limit_reached') {
      store.setPhase(row.localId, 'local');
      return 'no_slot';
    }
    store.setPhase(row.localId, 'refused', error instanceof Error ? error.message : String(error));
    return 'refused';
  }
}
