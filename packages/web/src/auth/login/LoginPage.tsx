import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode } from '@headway/spec';
import { Alert, Button, Form } from 'antd';
// The two inputs by their own modules: antd's `Input` carries TextArea, Search and OTP as statics, which the
// bundler cannot drop (docs/performance.md "Console weight").
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, NETWORK_ERROR } from '../../api/errors';
import { codeMessage } from '../../api/react-to-failure';
import { LanguageLinks } from '../../i18n/LanguageLinks';
import { hostTitle, useHostPage } from '../../shell/host-page/host-page';
import { useCompanyDisplay } from '../company-display';
import { hashPassword } from '../password';
import { useSession } from '../session-store';
import { BUILD } from '../WechatCallback';
import { LoginHero } from './LoginHero';
import './login.css';

// Opens only on code 1112: loaded then, with the feedback it reports through.
const ExpiredPasswordDialog = lazy(() => import('./ExpiredPasswordDialog'));

interface LoginForm {
  account: string;
  password: string;
}

/** Only same-origin paths are followed after login; anything else goes home. */
function safeRedirect(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return '/';
  return redirect;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expiredAccount, setExpiredAccount] = useState<string | null>(null);
  const unionId = params.get('unionId') ?? '';
  const company = useCompanyDisplay();
  useHostPage(
    hostTitle(company?.companyTitle || company?.companyName || t('app.name'), t('login.submit')),
    company?.companyLogo || undefined,
  );

  async function submit(values: LoginForm) {
    setSubmitting(true);
    setError(null);
    try {
      await login({
        account: values.account.trim(),
        password: hashPassword(values.password),
        verify_code: '',
        time: Math.floor(Date.now() / 1000),
        build: BUILD,
        union_id: unionId,
      });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      const code = e instanceof ApiError ? e.code : NETWORK_ERROR;
      if (code === ErrorCode.passwordExpired) setExpiredAccount(values.account.trim());
      setError(code === NETWORK_ERROR ? t('request.networkError') : codeMessage(code, (e as Error).message));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="hw-login">
      <LoginHero company={company} />
      <div className="hw-login__panel">
        <div className="hw-login__lang">
          <LanguageLinks />
        </div>
        <div className="hw-login__card">
          {company?.companyLogo ? (
            <img className="hw-login__logo" src={company.companyLogo} alt="" />
          ) : (
            <div className="hw-login__mark">H</div>
          )}
          <h2 className="hw-login__title">{company?.companyTitle || t('app.name')}</h2>
          <p className="hw-login__subtitle">{t('login.title')}</p>
          {unionId && <Alert className="hw-login__alert" type="info" showIcon title={t('login.bindHint')} />}
          {error && <Alert className="hw-login__alert" type="error" showIcon title={error} data-testid="login-error" />}
          <Form<LoginForm>
            layout="vertical"
            size="large"
            onFinish={submit}
            requiredMark={false}
            className="hw-login__form"
          >
            <Form.Item
              name="account"
              label={t('login.account')}
              rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-account" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </div>
        <div className="hw-login__footer">{company?.companyName || t('login.footer')}</div>
      </div>
      {expiredAccount !== null && (
        <Suspense>
          <ExpiredPasswordDialog account={expiredAccount} onClose={() => setExpiredAccount(null)} />
        </Suspense>
      )}
    </div>
  );
}
