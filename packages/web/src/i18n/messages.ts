import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { LANGUAGES } from './detect';
import { isNamespace, type Namespace } from './namespaces';

// One chunk per language and namespace: the browser downloads only the language in use, and a feature's strings
// only with its screen. No HTTP backend: the bundler names and hashes the chunks like any other module.
// The default namespace's files are in ./locales/; a feature's are in its own folder, features/<namespace>/i18n/.
const FOLDER: Record<Namespace, string> = {
  translation: './locales',
  monitoring: '../features/monitoring/i18n',
  alarms: '../features/alarms/i18n',
  safety: '../features/safety/i18n',
  tracks: '../features/tracks/i18n',
  lines: '../features/lines/i18n',
  passengers: '../features/passengers/i18n',
  messages: '../features/messages/i18n',
  commands: '../features/commands/i18n',
  regions: '../features/regions/i18n',
  video: '../features/video/i18n',
  fleet: '../features/fleet/i18n',
  'basic-lines': '../features/basic-lines/i18n',
  organisation: '../features/organisation/i18n',
};
const files = import.meta.glob<{ default: ResourceKey }>([
  './locales/{en,zh,th}.ts',
  '../features/*/i18n/{en,zh,th}.ts',
]);

export function loadMessages(language: string, namespace: string): Promise<ResourceKey> {
  const load =
    isNamespace(namespace) && (LANGUAGES as readonly string[]).includes(language)
      ? files[`${FOLDER[namespace]}/${language}.ts`]
      : undefined;
  if (!load) return Promise.reject(new Error(`no messages for ${language}/${namespace}`));
  return load().then((module) => module.default);
}

/** The i18next backend over loadMessages. */
export const bundledMessages: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadMessages(language, namespace).then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, false),
    );
  },
};
