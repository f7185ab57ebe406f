import { act, cleanup, render, screen } from '@testing-library/react';
import { Empty } from 'antd';
import dayjs from 'dayjs';
import Cookies from 'js-cookie';
import { useTranslation } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import i18n, { LANGUAGE_COOKIE, setLanguage } from './index';
import { LanguageLinks } from './LanguageLinks';

const emptyText = () => document.querySelector('.ant-empty-description')?.textContent;

function Probe() {
  const { t } = useTranslation();
  const monitoring = useTranslation('monitoring');
  return (
    <>
      <span data-testid="shell">{t('login.submit')}</span>
      <span data-testid="monitoring">{monitoring.t('monitoring.legend')}</span>
      <Empty />
      <LanguageLinks />
    </>
  );
}

describe('switching the language', () => {
  afterAll(async () => {
    await setLanguage('en');
    cleanup();
  });

  it('loads the language on demand and re-renders the console in it', async () => {
    render(
      <Providers>
        <Probe />
      </Providers>,
    );
    expect(screen.getByTestId('shell').textContent).toBe('Sign in');
    expect(screen.getByTestId('monitoring').textContent).toBe('Legend');
    expect(emptyText()).toBe('No data');
    // Only English has been downloaded so far.
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('th', 'monitoring')).toBe(false);

    await act(() => screen.getByTestId('language-zh').click());
    await screen.findByText('登录');
    expect(screen.getByTestId('monitoring').textContent).toBe('图例');
    expect(emptyText()).toBe('暂无数据'); // antd's own strings follow
    expect(i18n.hasResourceBundle('zh', 'monitoring')).toBe(true);
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('zh');
    expect(screen.getByTestId('language-zh').getAttribute('aria-current')).toBe('true');

    await act(() => setLanguage('th'));
    expect(screen.getByTestId('shell').textContent).toBe('เข้าสู่ระบบ');
    expect(screen.getByTestId('monitoring').textContent).toBe('คำอธิบายสัญลักษณ์');
    expect(emptyText()).toBe('ไม่มีข้อมูล');
    expect(document.documentElement.lang).toBe('th');
    expect(dayjs.locale()).toBe('th');
  });
});
