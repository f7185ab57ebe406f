/**
 * i18next namespaces, each loaded per language on first use (messages.ts). `translation` is the default: login,
 * shell and the system screens, in locales/. A feature with many strings of its own gets a namespace named after
 * its folder under src/features/, with its resources beside its code in src/features/<namespace>/i18n/ (monitoring):
 * its screen loads it.
 */
export const NAMESPACES = [
  'translation',
  'monitoring',
  'alarms',
  'safety',
  'tracks',
  'lines',
  'passengers',
  'messages',
  'commands',
  'regions',
  'video',
  'fleet',
  // Basic → Line, Station, Bus stop and the line editor (issue 14).
  'basic-lines',
  // Issue 14: organisation, company, fleet, staff, IC card and display info screens.
  'organisation',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isNamespace(name: string): name is Namespace {
  return (NAMESPACES as readonly string[]).includes(name);
}
