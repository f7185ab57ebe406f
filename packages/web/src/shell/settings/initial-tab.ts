export type SettingsTab = 'layout' | 'map' | 'lineMap' | 'table' | 'other';

/**
 * The tabs the dialog offers today. The others change nothing yet, so they stay hidden until their feature lands
 * (docs/console.md "Settings"): table layout (the dispatch console's three tables and what they hide). Line map came
 * with the line map screen, Other with the alarms (the alarm sound).
 */
export const OFFERED_TABS: readonly SettingsTab[] = ['layout', 'map', 'lineMap', 'other'];

/** The settings dialog opens on the tab that matters for the current screen (spec: "e.g. line map or map"). */
export function initialTab(pathname: string, offered: readonly SettingsTab[] = OFFERED_TABS): SettingsTab {
  const p = pathname.toLowerCase();
  let wanted: SettingsTab = 'layout';
  if (/line-?map|linear/.test(p)) wanted = 'lineMap';
  else if (/dispatch|console|schedul/.test(p)) wanted = 'table';
  else if (/map|monitor|track|trace/.test(p)) wanted = 'map';
  return offered.includes(wanted) ? wanted : 'layout';
}
