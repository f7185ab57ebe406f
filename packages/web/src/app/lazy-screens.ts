import { type ComponentType, lazy } from 'react';

/** React.lazy for a module's named export (our components are named, React.lazy wants a default). */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Every top-level screen is its own chunk: the login page never downloads the shell (layout, sidebar, tags
// view, header search with fuse.js, settings dialog), and a signed-in reload never downloads the login form.
export const LoginPage = lazyNamed(() => import('../auth/login/LoginPage'), 'LoginPage');
export const AuthRedirect = lazyNamed(() => import('../auth/AuthRedirect'), 'AuthRedirect');
export const NotFoundPage = lazyNamed(() => import('../pages/errors/NotFoundPage'), 'NotFoundPage');
export const UnauthorizedPage = lazyNamed(() => import('../pages/errors/UnauthorizedPage'), 'UnauthorizedPage');
export const Shell = lazyNamed(async () => {
  // dayjs's locale comes with the shell (the login page formats no dates); screens render once it is in.
  const [shell, dayjsLocale] = await Promise.all([import('./Shell'), import('../i18n/dayjs-locale')]);
  await dayjsLocale.dayjsLocaleReady;
  return shell;
}, 'Shell');
