// A change waiting for the service, in one word for its badge (the outbox panel, a subtitle
// track): its state from the core (shared/model.ts PendingState), or "waiting" when it is held
// back behind a refused change. Message functions, worded where the badge is shown.
import type { PendingState } from '../../../shared/model.ts';
import { m } from '../../../shared/i18n/index.ts';

export const PENDING_WORD: Record<PendingState | 'waiting', () => string> = {
  pending: m.tasks_pending_pending,
  sending: m.tasks_pending_sending,
  refused: m.tasks_pending_refused,
  waiting: m.tasks_pending_waiting,
};
