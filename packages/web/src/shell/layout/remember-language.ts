import { useEffect } from 'react';
import { http } from '../../api/client';
import i18n, { currentLanguage } from '../../i18n';

// The server mails alarm notices in the user's language (docs/alarms.md "Mail notices"), and only the console
// knows which one that is: it tells the server on sign-in and on every switch, as user_config.settings.language.

function save(language: string): void {
  // Best effort: a failure only leaves mail in the previous language, so it must not interrupt the user.
  http.put('/owner/user/config', { settings: { language } }).catch(() => {});
}

/** While the signed-in shell is mounted, keeps the server's copy of the user's language current. */
export function useRememberLanguage(): void {
  useEffect(() => {
    save(currentLanguage());
    const onChange = (language: string) => save(language);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
}
