// The history screen's filter fields as the core's HistoryFilter: dates from the date inputs
// as local-midnight bounds, the end day included.
import type { HistoryFilter, HistoryOutcome } from '../../../shared/history.ts';

export interface HistoryQuery {
  search: string;
  outcome: HistoryOutcome | '';
  /** '' for any folder. */
  folderId: string;
  /** yyyy-mm-dd from the date inputs; '' for no bound. */
  from: string;
  to: string;
}

export const NO_QUERY: HistoryQuery = { search: '', outcome: '', folderId: '', from: '', to: '' };

/** The filter the core takes: dates as local-midnight bounds, the end day included. */
export function toFilter(query: HistoryQuery): Omit<HistoryFilter, 'limit' | 'after'> {
  const day = (text: string, plusDays = 0): number | undefined => {
    if (!text) return undefined;
    const date = new Date(`${text}T00:00:00`);
    date.setDate(date.getDate() + plusDays);
    return Number.isNaN(date.getTime()) ? undefined : date.getTime();
  };
  const from = day(query.from);
  const to = day(query.to, 1);
  return {
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
    ...(query.outcome ? { outcome: query.outcome } : {}),
    ...(query.folderId !== '' ? { folderId: Number(query.folderId) } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

