// Operations 1-3: account, daily reports, DMCA records.
import type { Ctx, Routes } from '../core.ts';
import { fail } from '../errors.ts';
import type { Account } from '../state.ts';
import { addDays, formatDate, formatTimestamp, parseDate, startOfDay } from '../time.ts';
import { queryInt } from '../validate.ts';
import { dmcaView, paginate } from '../views.ts';

const MAX_REPORT_DAYS = 3700;

function account(ctx: Ctx): unknown {
  const a = ctx.account;
  const usedKb = Math.ceil(ctx.core.store.usedBytes(a) / 1024);
  return {
    email: a.email,
    balance: a.balance.toFixed(5),
    premiumExpire: formatTimestamp(a.premiumExpireMs),
    isPremium: a.premium,
    storage: {
      total: a.premium ? 'Unlimited' : a.storageTotalKb,
      used: usedKb,
      left: a.premium ? 'Unlimited' : Math.max(0, a.storageTotalKb - usedKb),
    },
  };
}

function hash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x27d4eb2d, 0x165667b1) ^ Math.imul(b + 0x3c6ef372, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
  return (h ^ (h >>> 13)) >>> 0;
}

/** The same account and day always give the same figures; days outside the account's life are zero. */
export function reportDay(a: Account, day: Date, today: Date): Record<string, unknown> {
  const dayNo = Math.round(day.getTime() / 86_400_000);
  const alive = day.getTime() >= startOfDay(a.createdMs).getTime() && day.getTime() <= today.getTime();
  const h = hash(a.reportSalt, dayNo);
  const weekend = day.getDay() === 0 || day.getDay() === 6 ? 1.35 : 1;
  const views = alive ? Math.round((200 + (h % 1800)) * weekend) : 0;
  const downloads = alive ? Math.floor(views / (6 + (h % 5))) : 0;
  const profitViews = Math.round(views * 0.00042 * 100000) / 100000;
  const profitTotal = profitViews + downloads * 0.00015;
  // The spec allows numbers or strings; the service family sends strings for money.
  return { day: formatDate(day.getTime()), views, downloads, profitViews, profitTotal: profitTotal.toFixed(5) };
}

function reports(ctx: Ctx): unknown {
  const last = queryInt(ctx.query, 'last', 1, 7);
  // `from` is accepted and ignored, as on the service (it fails validation there).
  const today = startOfDay(ctx.core.clock());
  const toRaw = ctx.query.get('to');
  let to = today;
  if (toRaw !== null && toRaw !== '') {
    const parsed = parseDate(toRaw);
    if (!parsed) return fail('to must be a date YYYY-MM-DD');
    to = parsed;
  }
  if (last > MAX_REPORT_DAYS) return fail(`last must be at most ${MAX_REPORT_DAYS}`);
  const back = addDays(today, -last);
  const start = new Date(back.getFullYear(), back.getMonth(), 1);
  const list: unknown[] = [];
  for (let d = start; d.getTime() <= to.getTime(); d = addDays(d, 1)) {
    if (list.length >= MAX_REPORT_DAYS) return fail('Report range is too long');
    list.push(reportDay(ctx.account, d, today));
  }
  return { list };
}

function dmca(ctx: Ctx): unknown {
  const page = queryInt(ctx.query, 'page', 1, 1);
  const perPage = queryInt(ctx.query, 'per_page', 1, 20);
  // Newest first; a record outlives the video it disabled.
  const records = ctx.account.dmca.slice().reverse();
  return { pagination: { page, perPage, total: records.length }, list: paginate(records, page, perPage).map(dmcaView) };
}

export const accountRoutes: Routes = {
  'GET /v1/account': account,
  'GET /v1/account/reports': reports,
  'GET /v1/account/dmca': dmca,
};
