// Issue 26 §4: the service answers reports from day one of the month that `last` days ago
// falls in; the account page shows exactly the last N days, ending on the service's today.
import { afterEach, describe, expect, it } from 'vitest';
import { reportRange } from '../../../electron/core/library/account-cache.ts';
import { setup, type Env } from './harness.ts';

let env: Env | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

const dayList = (from: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

describe('report range', () => {
  it('is the last N days ending on the newest day, across month and year ends', () => {
    expect(reportRange(7, '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(reportRange(30, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(reportRange(1, '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(reportRange(7, '2027-01-03')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('shows November 17-23 for "Last 7 days" on the 23rd, though the service answered from the 1st', async () => {
    const now = new Date(2026, 10, 23, 15, 0, 0).getTime();
    env = await setup({ seed: 'demo', now: () => now });
    const answered = await env.client.reports({ last: 7 });
    expect(answered.list[0]?.day).toBe('2026-11-01');

    expect(await env.library.account.refreshReports(7)).toBe(true);
    const view = env.library.account.reportsView(7);
    expect(view.days.map((d) => d.day)).toEqual(dayList('2026-11-17', 7));
    // The figures are the service's for those days, not the month's.
    const served = new Map(answered.list.map((d) => [d.day, Number(d.views)]));
    expect(view.days.map((d) => d.views)).toEqual(view.days.map((d) => served.get(d.day)));
  });

  it('keeps each range its own length when several are cached', async () => {
    const now = new Date(2026, 10, 23, 15, 0, 0).getTime();
    env = await setup({ seed: 'demo', now: () => now });
    expect(await env.library.account.refreshReports(30)).toBe(true);
    expect(await env.library.account.refreshReports(7)).toBe(true);
    expect(env.library.account.reportsView(30).days.map((d) => d.day)).toEqual(dayList('2026-10-25', 30));
    expect(env.library.account.reportsView(7).days).toHaveLength(7);
  });

  it('trims a range cached before the trim existed (from the first of the month)', async () => {
    const now = new Date(2026, 10, 23, 15, 0, 0).getTime();
    env = await setup({ seed: 'demo', now: () => now });
    expect(await env.library.account.refreshReports(7)).toBe(true);
    env.db.prepare(`UPDATE lib_fetches SET meta = ? WHERE key = 'reports:7'`).run(JSON.stringify({ from: '2026-11-01', to: '2026-11-23' }));
    expect(env.library.account.reportsView(7).days.map((d) => d.day)).toEqual(dayList('2026-11-17', 7));
  });
});
