export type SettingsTab = 'layout' | 'map' | 'lineMap' | 'table' | 'other';

/** The settings dialog opens on the tab that matters for the current screen (spec: "e.g. line map or map"). */
export function initialTab(pathname: string): SettingsTab {
  const p = pathname.toLowerCase();
  if (/line-?map|linear/.test(p)) return 'lineMap';
  if (/dispatch|console|schedul/.test(p)) return 'table';
  if (/map|monitor|track|trace/.test(p)) return 'map';
  return 'layout';
}
