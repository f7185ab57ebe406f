import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';

// ECharts used directly through one small hook (no wrapper library): the caller passes the chart modules it needs
// (echarts/charts, echarts/components) so each chunk carries only its own chart types, and options as plain
// objects. Keep `modules` a module-level constant: it is registered once per chart kind.

type Installer = Parameters<typeof import('echarts/core').use>[0];

export interface UseEChartsOptions {
  /** echarts/charts and echarts/components modules the chart needs; the canvas renderer is always added. */
  modules: Installer;
  /** The option; a new object is applied with setOption (merge unless `replace`). */
  option: EChartsCoreOption | null;
  replace?: boolean;
}

/** A div ref to render into; the chart follows the div's size (ResizeObserver) and is disposed on unmount. */
export function useECharts({ modules, option, replace = false }: UseEChartsOptions) {
  const ref = useRef<HTMLDivElement | null>(null);
  const chart = useRef<EChartsType | null>(null);
  const pending = useRef<EChartsCoreOption | null>(option);
  pending.current = option;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void (async () => {
      const [core, renderers] = await Promise.all([import('echarts/core'), import('echarts/renderers')]);
      if (disposed) return;
      core.use([renderers.CanvasRenderer, ...(Array.isArray(modules) ? modules : [modules])]);
      const instance = core.init(el);
      chart.current = instance;
      if (pending.current) instance.setOption(pending.current, { notMerge: replace });
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(el);
      }
    })();
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [modules, replace]);

  useEffect(() => {
    if (option && chart.current) chart.current.setOption(option, { notMerge: replace, lazyUpdate: true });
  }, [option, replace]);

  return { ref, chart };
}
