// The account's reports chart (issue 30) in Russian, in Chromium: its legend, axis titles and the
// summary a screen reader says are the catalog's, the totals' words agree with their numbers
// (5 просмотров, 3 скачивания), and they follow a change of language. English is asserted too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import { Chart } from 'chart.js';
import ReportsChart from '../../../../renderer/src/components/account/ReportsChart.svelte';
import { applyDocumentLocale, windowLocale } from '../../../../renderer/src/lib/i18n.svelte.ts';
import { loadCatalog } from '../../../../renderer/src/lib/catalog.svelte.ts';
import { formatDate, formatMoney } from '../../../../renderer/src/lib/format.ts';
import type { Locale } from '../../../../shared/i18n/index.ts';
import { mountPlace } from '../mount-place.ts';

const place = mountPlace('width: 760px; height: 300px;');

function speak(locale: Locale): void {
  windowLocale.choice = locale;
  applyDocumentLocale(locale);
}

const days = [
  { day: '2026-11-17', views: 2, downloads: 1, profitViews: 0.1, profitTotal: 0.1 },
  { day: '2026-11-18', views: 3, downloads: 2, profitViews: 0.2, profitTotal: 0.25 },
];

beforeAll(() => loadCatalog('ru'));
afterAll(() => speak('en'));
afterEach(() => speak('en'));

function shown(): { legend: string[]; axes: string[]; summary: string } {
  const chart = Chart.getChart(place.target.querySelector('canvas')!)!;
  const scales = chart.options.scales as Record<string, { title?: { text?: string } }>;
  return {
    legend: chart.data.datasets.map((d) => d.label ?? ''),
    axes: [scales.y?.title?.text ?? '', scales.profit?.title?.text ?? ''],
    summary: place.target.querySelector('.hint')?.textContent ?? '',
  };
}

describe('the reports chart speaks the window’s language', () => {
  it('English, then Russian after a change of language', () => {
    place.component = mount(ReportsChart, { target: place.target, props: { days } });
    flushSync();
    const range = `${formatDate(days[0]!.day)} to ${formatDate(days[1]!.day)}`;
    expect(shown()).toEqual({
      legend: ['Views', 'Downloads', 'Profit'],
      axes: ['Views, downloads', 'Profit'],
      summary: `Daily views, downloads and profit from ${range}: 5 views, 3 downloads, ${formatMoney(0.35)} profit in all.`,
    });

    speak('ru');
    flushSync();
    expect(shown()).toEqual({
      legend: ['Просмотры', 'Скачивания', 'Доход'],
      axes: ['Просмотры, скачивания', 'Доход'],
      summary: `Просмотры, скачивания и доход по дням с ${formatDate(days[0]!.day)} по ${formatDate(days[1]!.day)}: всего 5 просмотров, 3 скачивания и доход ${formatMoney(0.35)}.`,
    });
  });

  it('Russian: no data is said so', () => {
    speak('ru');
    place.component = mount(ReportsChart, { target: place.target, props: { days: [] } });
    flushSync();
    expect(place.target.querySelector('.hint')?.textContent).toBe('Нет данных отчёта за этот период.');
  });
});
