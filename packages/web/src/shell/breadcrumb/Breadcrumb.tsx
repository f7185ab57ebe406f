import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { matchView } from '../../app/routes/match';
import { useSession } from '../../auth/session-store';
import { menuTitle } from '../../i18n/menu-title';
import { breadcrumbTrail } from './trail';

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const views = useSession((s) => s.views);
  const crumbs = breadcrumbTrail(matchView(views, pathname));
  return (
    <AntBreadcrumb
      data-testid="breadcrumb"
      items={crumbs.map((c) => ({
        key: `${c.title}-${c.to}`,
        title: c.to ? <Link to={c.to}>{menuTitle(t, c.title)}</Link> : <span>{menuTitle(t, c.title)}</span>,
      }))}
    />
  );
}
