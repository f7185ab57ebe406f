import { Avatar, Card, Col, Descriptions, Row, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session-store';
import { roleName } from '../system/role/role-label';
import { InfoForm } from './components/InfoForm';
import { PasswordForm } from './components/PasswordForm';

export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  if (!user) return null;
  const name = user.user_name || user.account;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={8}>
        <Card variant="borderless">
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            {user.img_url ? (
              <Avatar size={80} src={user.img_url} />
            ) : (
              <Avatar size={80} style={{ background: 'var(--hw-primary)', fontSize: 32 }}>
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
            )}
            <Typography.Title level={4} style={{ margin: '12px 0 0' }}>
              {name}
            </Typography.Title>
            <Typography.Text type="secondary">{roleName(t, user)}</Typography.Text>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('user.account')}>{user.account}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.company')}>{user.company_name}</Descriptions.Item>
            <Descriptions.Item label={t('common.email')}>{user.email || '--'}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card variant="borderless">
          <Tabs
            items={[
              { key: 'info', label: t('profile.info'), children: <InfoForm user={user} /> },
              { key: 'password', label: t('profile.password'), children: <PasswordForm account={user.account} /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
