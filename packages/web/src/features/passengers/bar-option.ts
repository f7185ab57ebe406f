import type { EChartsCoreOption } from 'echarts/core';
import type { PassengerMode, PassengerRow } from './api';

// What the passenger chart draws: category labels per row and the bar option (spec section 4: "bar series up and
// down"). Pure, so the labels and the no-data rule are tested without a canvas.

export interface ChartText {
  up: string;
  down: string;
  /** Counts no station event placed (`station_name` ''). */
  other: string;
  /** Marks on a station name served in both directions. */
  directionUp: string;
  directionDown: string;
  /** Tooltip title of a station: name, direction, serial. */
  stationDetail: (row: PassengerRow) => string;
}

export interface Categories {
  /** Short axis labels. */
  labels: string[];
  /** Tooltip titles. */
  details: string[];
}

/** Anything to draw: rows with at least one passenger. All-zero rows are "no data" as much as no rows. */
export function hasCounts(rows: readonly PassengerRow[] | undefined): boolean {
  return !!rows?.some((r) => r.up_number > 0 || r.down_number > 0);
}

const INTL_LOCALES: Record<string, string> = { en: 'en', zh: 'zh-CN', th: 'th-TH' };

export function intlLocale(language: string): string {
  return INTL_LOCALES[language] ?? 'en';
}

/**
 * `YYYY-MM-DD HH:00` (the company's wall clock, as the server labels it) written in the user's language. Formatted
 * in UTC from its own fields, so the browser's zone never shifts it.
 */
export function hourFormatter(language: string, withDate: boolean): (timeFrame: string) => string {
  const format = new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: 'UTC',
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
  });
  return (timeFrame) => {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(timeFrame);
    if (!m) return timeFrame;
    return format.format(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!)));
  };
}

export function categoriesOf(
  rows: readonly PassengerRow[],
  mode: PassengerMode,
  language: string,
  text: ChartText,
): Categories {
  if (mode === 'time') {
    const days = new Set(rows.map((r) => r.time_frame.slice(0, 10)));
    const long = hourFormatter(language, true);
    const label = days.size > 1 ? long : hourFormatter(language, false);
    return { labels: rows.map((r) => label(r.time_frame)), details: rows.map((r) => long(r.time_frame)) };
  }
  // A stop served both ways is two rows of one name: only then is the direction marked on the axis.
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(r.station_name, (seen.get(r.station_name) ?? 0) + 1);
  const labels = rows.map((r) => {
    if (r.station_name === '') return text.other;
    if ((seen.get(r.station_name) ?? 0) < 2) return r.station_name;
    const mark = r.direction === 1 ? text.directionUp : r.direction === 2 ? text.directionDown : '';
    return mark ? `${r.station_name} ${mark}` : r.station_name;
  });
  const details = rows.map((r) => (r.station_name === '' ? text.other : text.stationDetail(r)));
  return { labels, details };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const COLOURS = { up: '#2563eb', down: '#f97316' } as const;

interface TooltipItem {
  dataIndex: number;
  marker: string;
  seriesName: string;
  value: number;
}

export function barOption(rows: readonly PassengerRow[], categories: Categories, text: ChartText): EChartsCoreOption {
  const many = categories.labels.length > 12;
  return {
    animationDuration: 300,
    color: [COLOURS.up, COLOURS.down],
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, data: [text.up, text.down] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      // Station names are user data and the tooltip is HTML: every piece is escaped.
      formatter: (items: TooltipItem[]) => {
        const first = items[0];
        if (!first) return '';
        const title = escapeHtml(categories.details[first.dataIndex] ?? '');
        const lines = items.map((i) => `${i.marker}${escapeHtml(i.seriesName)}: <b>${i.value}</b>`);
        return [title, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: categories.labels,
      axisTick: { alignWithLabel: true },
      axisLabel: { rotate: many ? 45 : 0, hideOverlap: true, width: 120, overflow: 'truncate' },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: text.up, type: 'bar', data: rows.map((r) => r.up_number), barMaxWidth: 24 },
      { name: text.down, type: 'bar', data: rows.map((r) => r.down_number), barMaxWidth: 24 },
    ],
  };
}
