import { dayjsLocaleReady } from './dayjs-locale';
import i18n, { i18nReady } from './index';
import { NAMESPACES } from './namespaces';

// Tests render components straight away: have every namespace's English strings (and dayjs's locale) in before
// any test runs, as a screen would after its lazy load (react-i18next would otherwise suspend the first render).
await i18nReady;
await Promise.all([i18n.loadNamespaces([...NAMESPACES]), dayjsLocaleReady]);
