import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session-store';

/** Company logo and title at the left of the header. */
export function Brand({ collapsed, theme }: { collapsed: boolean; theme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const title = user?.company_title || user?.company_name || t('app.name');
  return (
    <div className={`hw-brand hw-brand--${theme}${collapsed ? ' hw-brand--collapsed' : ''}`} data-testid="brand">
      {user?.company_logo ? (
        <img className="hw-brand__logo" src={user.company_logo} alt="" />
      ) : (
        <div className="hw-brand__mark">H</div>
      )}
      {!collapsed && (
        <span className="hw-brand__title" title={title}>
          {title}
        </span>
      )}
    </div>
  );
}
