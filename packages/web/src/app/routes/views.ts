import { type ComponentType, createElement, lazy } from 'react';
import i18n from '../../i18n';
import { isNamespace } from '../../i18n/namespaces';

// View path 'system/user/index' → src/features/system/user/index.tsx, loaded on first use.
const modules = import.meta.glob<{ default: ComponentType }>('../../features/**/index.tsx');
const PREFIX = '../../features/';

const byView = new Map<string, () => Promise<{ default: ComponentType }>>();
for (const [file, load] of Object.entries(modules)) {
  byView.set(file.slice(PREFIX.length, -'.tsx'.length), load);
}

/** The module-not-found result, itself loaded only when a menu names a view this build lacks. */
function missing(view: string): ComponentType {
  return lazy(async () => {
    const { ModuleNotFound } = await import('../../pages/errors/ModuleNotFound');
    return { default: () => createElement(ModuleNotFound, { name: view }) };
  });
}

/**
 * A feature folder with its own i18n namespace (src/i18n/namespaces.ts) has its strings loaded beside the screen's
 * chunk rather than after it renders and suspends.
 */
function withMessages(
  key: string,
  load: () => Promise<{ default: ComponentType }>,
): () => Promise<{ default: ComponentType }> {
  const feature = key.split('/')[0] ?? '';
  if (!isNamespace(feature)) return load;
  return async () => (await Promise.all([load(), i18n.loadNamespaces(feature)]))[0];
}

const cache = new Map<string, ComponentType>();

export function resolveView(view: string): ComponentType {
  const key = view.replace(/^\/+/, '').replace(/\.tsx?$/, '');
  const cached = cache.get(key);
  if (cached) return cached;
  const load = byView.get(key) ?? byView.get(`${key}/index`);
  const component: ComponentType = load ? lazy(withMessages(key, load)) : missing(view);
  cache.set(key, component);
  return component;
}

/**
 * Whether this build has a screen at `pathname`: the catalogue's paths follow the view paths (/system/user →
 * system/user/index). A path outside the user's menu that names one is "not yours" (401), not "missing" (404).
 */
export function isKnownScreen(pathname: string): boolean {
  const key = pathname.replace(/^\/+|\/+$/g, '');
  return key !== '' && (byView.has(key) || byView.has(`${key}/index`));
}
