import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useECharts } from '../../charts/use-echarts';

// The bars themselves: up and down per hour or per station. Only the bar chart and its grid, tooltip and legend
// go into this chunk.

const MODULES = [BarChart, GridComponent, TooltipComponent, LegendComponent];

export interface PassengerBarsProps {
  option: EChartsCoreOption;
  /** Accessible summary (the totals): a canvas says nothing to a screen reader. */
  label: string;
}

export function PassengerBars({ option, label }: PassengerBarsProps) {
  // Replace, not merge: a new range or mode has other categories and the old ones must not linger.
  const { ref } = useECharts({ modules: MODULES, option, replace: true });
  return (
    <div ref={ref} className="hw-passenger-chart__bars" role="img" aria-label={label} data-testid="passenger-bars" />
  );
}
