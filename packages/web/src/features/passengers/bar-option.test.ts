import { describe, expect, it } from 'vitest';
import type { PassengerRow } from './api';
import { barOption, type ChartText, categoriesOf, hasCounts, hourFormatter } from './bar-option';

// Labels, the no-data rule and the bar option of the passenger chart, without a canvas.

const row = (over: Partial<PassengerRow>): PassengerRow => ({
  time_frame: '',
  up_number: 0,
  down_number: 0,
  station_name: '',
  route_code: '',
  direction: 0,
  serial: 0,
  ...over,
});

const text: ChartText = {
  up: 'Boarded',
  down: 'Alighted',
  other: 'Other',
  directionUp: '↑',
  directionDown: '↓',
  stationDetail: (r) => `${r.station_name} #${r.serial}`,
};

describe('the passenger chart’s bars', () => {
  it('has no data without rows or when every row is zero', () => {
    expect(hasCounts(undefined)).toBe(false);
    expect(hasCounts([])).toBe(false);
    expect(hasCounts([row({ time_frame: '2026-03-02 07:00' }), row({ time_frame: '2026-03-02 08:00' })])).toBe(false);
    expect(hasCounts([row({ down_number: 1 })])).toBe(true);
  });

  it('labels hours as the server wrote them, in the user’s language, with the day when the range has several', () => {
    const oneDay = [row({ time_frame: '2026-03-02 07:00' }), row({ time_frame: '2026-03-02 08:00' })];
    expect(categoriesOf(oneDay, 'time', 'en', text).labels).toEqual(['07:00', '08:00']);
    const twoDays = [row({ time_frame: '2026-03-02 23:00' }), row({ time_frame: '2026-03-03 00:00' })];
    expect(categoriesOf(twoDays, 'time', 'en', text).labels).toEqual(['Mar 2, 23:00', 'Mar 3, 00:00']);
    expect(hourFormatter('zh', true)('2026-03-03 00:00')).toBe('3月3日 00:00');
  });

  it('marks the direction only on a station name served both ways, and names unplaced counts', () => {
    const rows = [
      row({ station_name: 'Stop 1', direction: 1, serial: 1 }),
      row({ station_name: 'Stop 3', direction: 1, serial: 3 }),
      row({ station_name: 'Stop 3', direction: 2, serial: 1 }),
      row({ station_name: '' }),
    ];
    const c = categoriesOf(rows, 'station', 'en', text);
    expect(c.labels).toEqual(['Stop 1', 'Stop 3 ↑', 'Stop 3 ↓', 'Other']);
    expect(c.details).toEqual(['Stop 1 #1', 'Stop 3 #3', 'Stop 3 #1', 'Other']);
  });

  it('draws an up and a down bar series and escapes station names in the tooltip', () => {
    const rows = [row({ station_name: '<b>Pier</b>', serial: 1, up_number: 4, down_number: 2 })];
    const option = barOption(rows, categoriesOf(rows, 'station', 'en', text), text) as {
      series: { name: string; type: string; data: number[] }[];
      tooltip: { formatter: (items: unknown[]) => string };
    };
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['Boarded', 'bar', [4]],
      ['Alighted', 'bar', [2]],
    ]);
    const html = option.tooltip.formatter([{ dataIndex: 0, marker: '', seriesName: 'Boarded', value: 4 }]);
    expect(html).toContain('&lt;b&gt;Pier&lt;/b&gt; #1');
    expect(html).not.toContain('<b>Pier');
  });
});
