import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { matchView } from '../../app/routes/match';
import { useSession } from '../../auth/session-store';
import { menuTitle } from '../../i18n/menu-title';
import { hostTitle, useHostPage } from './host-page';

/** The signed-in console's tab: the open screen and the user's company (title and logo from user info). */
export function ShellHostPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const views = useSession((s) => s.views);
  const screen = matchView(views, pathname)?.route;
  const company = user?.company_title || user?.company_name || t('app.name');
  useHostPage(
    hostTitle(company, screen ? menuTitle(t, screen.title, screen.name) : undefined),
    user?.company_logo || undefined,
  );
  return null;
}
