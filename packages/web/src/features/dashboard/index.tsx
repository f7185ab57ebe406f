import { hasPermission } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Descriptions, Empty, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/session-store';
import { menuTitle } from '../../i18n/menu-title';
import { MenuIcon } from '../../shell/sidebar/icons';
import { onlineApi } from '../system/online/api';
import { roleName } from '../system/role/role-label';
import './dashboard.css';

/** Welcome, company and role, links to the screens this user may open, and live facts the API can back. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const views = useSession((s) => s.views);
  const links = views.filter(
    ({ route, trail }) =>
      route.path !== '/dashboard' && !trail.some((r) => r.hidden) && hasPermission(route.permission, 'view'),
  );
  const online = views.find(({ route }) => route.view === 'system/online/index');
  const onlineCount = useQuery({
    queryKey: ['dashboard', 'online-count'],
    queryFn: () => onlineApi.list({ page: 1, limit: 10 }),
    enabled: Boolean(online && hasPermission(online.route.permission, 'view')),
    refetchInterval: 60_000,
  });
  const name = user?.user_name || user?.account || '';

  return (
    <div className="hw-dashboard">
      <Card className="hw-dashboard__welcome" variant="borderless">
        <div className="hw-dashboard__hello">
          {user?.img_url ? (
            <Avatar size={56} src={user.img_url} />
          ) : (
            <Avatar size={56} style={{ background: 'var(--hw-primary)', fontSize: 24 }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
          )}
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="dashboard-welcome">
              {t('dashboard.welcome', { name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('dashboard.today', { date: dayjs().format('LL dddd') })}
            </Typography.Text>
          </div>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="hw-dashboard__facts">
          <Descriptions.Item label={t('dashboard.company')}>{user?.company_name || '--'}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.role')}>{user ? roleName(t, user) : '--'}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.account')}>{user?.account || '--'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={onlineCount.data ? 18 : 24}>
          <Card title={t('dashboard.quickLinks')} size="small" variant="borderless">
            {links.length === 0 ? (
              <Empty description={t('dashboard.noLinks')} />
            ) : (
              <div className="hw-dashboard__links">
                {links.map(({ route, trail }) => (
                  <button
                    key={route.path}
                    type="button"
                    className="hw-dashboard__link"
                    onClick={() => navigate(route.path)}
                    data-testid={`quick-${route.path}`}
                  >
                    <span className="hw-dashboard__link-icon">
                      <MenuIcon name={route.icon ?? trail[0]?.icon ?? 'AppstoreOutlined'} />
                    </span>
                    <span className="hw-dashboard__link-title">{menuTitle(t, route.title, route.name)}</span>
                    <span className="hw-dashboard__link-path">
                      {trail
                        .slice(0, -1)
                        .map((r) => menuTitle(t, r.title, r.name))
                        .join(' / ') || route.path}
                    </span>
                  </button>
                ))}
              </div>
            )}
          </Card>
        </Col>
        {onlineCount.data && (
          <Col xs={24} lg={6}>
            <Card size="small" variant="borderless" style={{ height: '100%' }}>
              <Statistic title={t('dashboard.onlineUsers')} value={onlineCount.data.total} data-testid="online-count" />
              <Typography.Text type="secondary">{t('dashboard.onlineUsersHint')}</Typography.Text>
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
