import { type ComponentType, createElement, lazy } from 'react';
import { ModuleNotFound } from '../../pages/errors/ModuleNotFound';

// View path 'system/user/index' → src/features/system/user/index.tsx, loaded on first use.
const modules = import.meta.glob<{ default: ComponentType }>('../../features/**/index.tsx');

const PREFIX = '../../features/';
const byView = new Map<string, () => Promise<{ default: ComponentType }>>();
for (const [file, load] of Object.entries(modules)) {
  byView.set(file.slice(PREFIX.length, -'.tsx'.length), load);
}

const cache = new Map<string, ComponentType>();

export function resolveView(view: string): ComponentType {
  const key = view.replace(/^\/+/, '').replace(/\.tsx?$/, '');
  const cached = cache.get(key);
  if (cached) return cached;
  const load = byView.get(key) ?? byView.get(`${key}/index`);
  const component: ComponentType = load ? lazy(load) : () => createElement(ModuleNotFound, { name: view });
  cache.set(key, component);
  return component;
}
