import i18n from 'i18next';
import en from './en';
import th from './th';
import zh from './zh';

// Merges the monitoring strings into the shared `translation` namespace (deep, without overwriting the
// shell's keys). Imported by i18n/index.ts; works whether it runs before or after i18next's init.
function add(): void {
  for (const [lang, bundle] of [
    ['en', en],
    ['zh', zh],
    ['th', th],
  ] as const) {
    i18n.addResourceBundle(lang, 'translation', bundle, true, false);
  }
}

if (i18n.isInitialized) add();
else i18n.on('initialized', add);
