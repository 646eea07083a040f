// Account figures, daily reports and DMCA records, each with how old it is.
import type { AccountView, DmcaView, ReportsView } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../i18n.svelte.ts';

/** Labels are message functions: worded in the language in force when shown. */
export const REPORT_RANGES: ReadonlyArray<{ days: number; label: () => string }> = [
  { days: 7, label: m.account_range_7 },
  { days: 30, label: m.account_range_30 },
  { days: 90, label: m.account_range_90 },
  { days: 365, label: m.account_range_365 },
];

export const DMCA_PER_PAGE = 20;

export class AccountState {
  view = $state.raw<AccountView | null>(null);
  reports = $state.raw<ReportsView | null>(null);
  range = $state(30);
  dmca = $state.raw<DmcaView | null>(null);
  dmcaPage = $state(1);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  get dmcaPages(): number {
    const p = this.dmca?.pagination;
    return p ? Math.max(1, Math.ceil(p.total / Math.max(1, p.perPage))) : 1;
  }

  async load(refresh = false): Promise<void> {
    await Promise.all([this.loadAccount(refresh), this.loadReports(refresh), this.loadDmca(this.dmcaPage)]);
  }

  start(): () => void {
    // Reads answer from the cache at once and refresh in the background; the core says
    // `account: true` when a refresh landed, so all three views are read again (no refresh
    // flag: that would ask the service again and loop).
    return this.#api.on('library:changed', (change) => {
      if (change.account) this.load().catch(() => {});
    });
  }

  async loadAccount(refresh = false): Promise<void> {
    this.view = await this.#api.call('account:get', refresh ? { refresh } : undefined);
  }

  async loadReports(refresh = false): Promise<void> {
    this.reports = await this.#api.call('account:reports', { last: this.range, ...(refresh ? { refresh } : {}) });
  }

  async setRange(days: number): Promise<void> {
    this.range = days;
    await this.loadReports();
  }

  async loadDmca(page: number): Promise<void> {
    this.dmca = await this.#api.call('account:dmca', { page, perPage: DMCA_PER_PAGE });
    this.dmcaPage = page;
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.view = null;
    this.reports = null;
    this.range = 30;
    this.dmca = null;
    this.dmcaPage = 1;
  }
}

export const account = new AccountState();
// Read when the Account screen shows (views/Account.svelte), not at every switch.
accountLifecycle.register({ name: 'account', follow: () => account.start(), forget: () => account.reset() });
