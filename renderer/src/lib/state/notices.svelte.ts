// The quiet error area: failures and confirmations in words, each with what to do next.
// Errors stay until dismissed (a person may be away); confirmations fade on their own.
import { explainError } from '../format.ts';
import { toAppError } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  /** What the person was doing ("Could not rename the folder"). */
  title: string;
  text: string;
  next: string | null;
  /** Every item the notice is about (the skipped files, each with its reason), shown on request. */
  details?: string[];
  /** A button beside a detail line (same position), e.g. "Upload anyway" for one skipped file. */
  detailActions?: Array<NoticeAction | null>;
  /** Buttons for the whole notice, e.g. "Upload all anyway". */
  actions?: NoticeAction[];
}

export interface NoticeAction {
  label: string;
  run: () => void | Promise<void>;
}

const INFO_LIFETIME_MS = 6000;
const MAX_NOTICES = 5;

export class Notices {
  items = $state<Notice[]>([]);
  #nextId = 1;
  readonly #schedule: (fn: () => void, ms: number) => unknown;

  constructor(schedule: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms)) {
    this.#schedule = schedule;
  }

  /** Reports a failure; the same title replaces its older notice instead of piling up. */
  error(title: string, error: unknown): Notice {
    const explained = explainError(toAppError(error));
    return this.#push({ kind: 'error', title, text: explained.text, next: explained.next });
  }

  info(title: string, text = ''): Notice {
    const notice = this.#push({ kind: 'info', title, text, next: null });
    this.#schedule(() => this.dismiss(notice.id), INFO_LIFETIME_MS);
    return notice;
  }

  /** A confirmation with every item it is about: it stays until dismissed, since there is a list to read. */
  infoWithDetails(title: string, text: string, details: string[], actions: { each?: Array<NoticeAction | null>; all?: NoticeAction[] } = {}): Notice {
    return this.#push({
      kind: 'info',
      title,
      text,
      next: null,
      details,
      ...(actions.each?.some(Boolean) ? { detailActions: actions.each } : {}),
      ...(actions.all?.length ? { actions: actions.all } : {}),
    });
  }

  /**
   * Runs a detail line's action and takes its button away (the line stays, so the list does not
   * jump); a notice whose every action was used goes.
   */
  async runDetailAction(id: number, index: number): Promise<void> {
    const notice = this.items.find((n) => n.id === id);
    const action = notice?.detailActions?.[index];
    if (!notice || !action) return;
    const detailActions = notice.detailActions!.map((a, i) => (i === index ? null : a));
    const left = detailActions.some(Boolean);
    this.items = left
      ? this.items.map((n) => (n.id === id ? { ...n, detailActions } : n))
      : this.items.filter((n) => n.id !== id);
    await action.run();
  }

  /** Replaces the notice's own buttons (what is left to do changed); none left: the notice goes if no line has one either. */
  setActions(id: number, actions: NoticeAction[]): void {
    this.items = this.items.flatMap((n) => {
      if (n.id !== id) return [n];
      if (actions.length === 0 && !n.detailActions?.some(Boolean)) return [];
      const { actions: _old, ...rest } = n;
      return [actions.length ? { ...rest, actions } : rest];
    });
  }

  /** Runs one of the notice's own actions; the notice has done its work and goes. */
  async runAction(id: number, index: number): Promise<void> {
    const action = this.items.find((n) => n.id === id)?.actions?.[index];
    if (!action) return;
    this.dismiss(id);
    await action.run();
  }

  dismiss(id: number): void {
    this.items = this.items.filter((n) => n.id !== id);
  }

  clear(): void {
    this.items = [];
  }

  #push(fields: Omit<Notice, 'id'>): Notice {
    const notice: Notice = { id: this.#nextId++, ...fields };
    const others = this.items.filter((n) => n.title !== notice.title);
    this.items = [...others, notice].slice(-MAX_NOTICES);
    return notice;
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.items = [];
  }
}

export const notices = new Notices();
accountLifecycle.register({ name: 'notices', forget: () => notices.reset() });
