// The screens (menu/catalogue.ts) whose masks govern the alarm API: Safety → Active safety for the alarms
// themselves (view to see, edit to mark read or ask the vehicle for evidence, export to export or zip), Basic →
// Alarm types for the company's own alarm types. Exported for the evidence and export routes.

export const SAFETY_SCREEN = 'SafetyActiveSafety';
export const ALARM_TYPE_SCREEN = 'BasicAlarmType';

export const ALARM_ACCESS = {
  view: { screen: SAFETY_SCREEN, need: 'view' },
  edit: { screen: SAFETY_SCREEN, need: 'edit' },
  export: { screen: SAFETY_SCREEN, need: 'export' },
} as const;
