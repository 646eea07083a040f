import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import type { Host } from '../../host/index.ts';
import { err, ok, withHost } from './helpers.ts';

const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
// A fixed "today" (local time) so the report start dates are known.
const NOW = new Date(2024, 2, 5, 12, 0, 0).getTime(); // 2024-03-05

let host: Host;
beforeAll(async () => {
  host = await startHost({ seed: 'demo', now: () => NOW });
});
afterAll(() => host.close());

describe('account (1)', () => {
  it('regular account: storage in KB, balance with five decimals, timestamps', async () => {
    const a = await ok<Record<string, unknown> & { storage: { total: number; used: number; left: number } }>(host, '/v1/account');
    expect(a.isPremium).toBe(false);
    expect(a.balance).toMatch(/^\d+\.\d{5}$/);
    expect(a.premiumExpire).toMatch(TS);
    expect(Number.isInteger(a.storage.total)).toBe(true);
    const bytes = host.control.videos().reduce((s, v) => s + v.size, 0);
    expect(a.storage.used).toBe(Math.ceil(bytes / 1024));
    expect(a.storage.left).toBe(a.storage.total - a.storage.used);
  });

  it('premium account: Unlimited storage', async () => {
    await withHost({ premium: true }, async (h) => {
      const a = await ok<{ isPremium: boolean; storage: { total: unknown; used: unknown; left: unknown } }>(h, '/v1/account');
      expect(a.isPremium).toBe(true);
      expect(a.storage).toEqual({ total: 'Unlimited', used: 0, left: 'Unlimited' });
    });
  });
});

type Report = { day: string; views: unknown; downloads: unknown; profitViews: unknown; profitTotal: unknown };

describe('reports (2)', () => {
  it('start moves to day one of the month `last` days ago; to defaults to today, inclusive', async () => {
    const { list } = await ok<{ list: Report[] }>(host, '/v1/account/reports');
    // today 2024-03-05, last=7 -> 2024-02-27 -> 2024-02-01
    expect(list[0]?.day).toBe('2024-02-01');
    expect(list.at(-1)?.day).toBe('2024-03-05');
    expect(list).toHaveLength(29 + 5);
    for (const r of list) expect(Object.keys(r).sort()).toEqual(['day', 'downloads', 'profitTotal', 'profitViews', 'views']);
  });

  it('last=3 stays in this month; to is inclusive; from is ignored', async () => {
    const a = await ok<{ list: Report[] }>(host, '/v1/account/reports', { query: { last: 3, to: '2024-03-03', from: '2024-03-02' } });
    expect(a.list.map((r) => r.day)).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
    const b = await ok<{ list: Report[] }>(host, '/v1/account/reports', { query: { last: 40 } });
    expect(b.list[0]?.day).toBe('2024-01-01');
  });

  it('the same day always has the same figures', async () => {
    const a = await ok<{ list: Report[] }>(host, '/v1/account/reports', { query: { last: 3 } });
    const b = await ok<{ list: Report[] }>(host, '/v1/account/reports', { query: { last: 30 } });
    expect(b.list.find((r) => r.day === '2024-03-02')).toEqual(a.list.find((r) => r.day === '2024-03-02'));
  });

  it('validates last and to', async () => {
    await err(host, '/v1/account/reports', { query: { last: 0 } });
    await err(host, '/v1/account/reports', { query: { last: 'abc' } });
    await err(host, '/v1/account/reports', { query: { to: '2024-02-30' } });
    await err(host, '/v1/account/reports', { query: { to: '05/03/2024' } });
  });
});

describe('DMCA (3)', () => {
  it('lists the records of the account with per_page pagination', async () => {
    const all = await ok<{ pagination: { page: number; perPage: number; total: number }; list: Array<Record<string, unknown>> }>(host, '/v1/account/dmca');
    expect(all.pagination.total).toBe(3);
    const p2 = await ok<{ pagination: { page: number; perPage: number; total: number }; list: Array<Record<string, unknown>> }>(host, '/v1/account/dmca', { query: { page: 2, per_page: 2 } });
    expect(p2.pagination).toEqual({ page: 2, perPage: 2, total: 3 });
    expect(p2.list).toHaveLength(1);
    const r = all.list[0] ?? {};
    expect(r.code).toMatch(/^\w{12}$/);
    expect(Number.isInteger(r.id)).toBe(true);
    expect(r.reportedAt).toMatch(TS);
    expect(r.disabledAt).toMatch(TS);
    expect(typeof r.secureDownloadCode).toBe('string');
    expect(typeof r.secureEmbedCode).toBe('string');
    await err(host, '/v1/account/dmca', { query: { per_page: 0 } });
    await err(host, '/v1/account/dmca', { query: { page: 0 } });
  });

  it('another account sees none of them', async () => {
    const other = host.control.addAccount().apiKey;
    const res = await ok<{ list: unknown[] }>(host, '/v1/account/dmca', { key: other });
    expect(res.list).toEqual([]);
  });
});
