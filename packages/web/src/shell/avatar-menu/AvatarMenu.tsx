import { DashboardOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/session-store';
import { useLayout } from '../layout/layout-store';

export function AvatarMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const openSettings = useLayout((s) => s.openSettings);
  const name = user?.user_name || user?.account || '';

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('avatar.profile') },
          { key: 'dashboard', icon: <DashboardOutlined />, label: t('avatar.dashboard') },
          {
            key: 'settings',
            icon: <SettingOutlined />,
            label: <span data-testid="open-settings">{t('avatar.settings')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('avatar.logout')}</span>,
            danger: true,
          },
        ],
        onClick: async ({ key }) => {
          if (key === 'profile') navigate('/profile/index');
          else if (key === 'dashboard') navigate('/dashboard');
          else if (key === 'settings') openSettings(true);
          else if (key === 'logout') {
            await logout();
            navigate('/login', { replace: true });
          }
        },
      }}
    >
      <button type="button" className="hw-avatar" data-testid="avatar-menu">
        {user?.img_url ? (
          <Avatar size={30} src={user.img_url} />
        ) : (
          <Avatar size={30} style={{ background: 'var(--hw-primary)' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
        {!compact && <span className="hw-avatar__name">{name}</span>}
      </button>
    </Dropdown>
  );
}
