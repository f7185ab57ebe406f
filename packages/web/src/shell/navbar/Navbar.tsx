import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmCounterSlot } from '../../features/alarms/centre/slots';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { AvatarMenu } from '../avatar-menu/AvatarMenu';
import { Breadcrumb } from '../breadcrumb/Breadcrumb';
import { ErrorLog } from '../error-log/ErrorLog';
import { Fullscreen } from '../fullscreen/Fullscreen';
import { HeaderSearch } from '../header-search/HeaderSearch';
import { useLayout } from '../layout/layout-store';
import { SizeSelect } from '../size-select/SizeSelect';

export function Navbar({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const { collapsed, drawerOpen, toggle } = useLayout();
  const folded = mobile ? !drawerOpen : collapsed;
  return (
    <div className="hw-navbar">
      <div className="hw-navbar__left">
        <Button
          type="text"
          aria-label={t('nav.toggleSidebar')}
          icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => toggle(mobile)}
          data-testid="hamburger"
        />
        {!mobile && <Breadcrumb />}
      </div>
      <div className="hw-navbar__right">
        {!mobile && (
          <>
            <HeaderSearch />
            <ErrorLog />
            <Fullscreen />
            <SizeSelect />
            <AlarmCounterSlot />
          </>
        )}
        <LanguageSelect />
        <span className="hw-navbar__divider" />
        <AvatarMenu compact={mobile} />
      </div>
    </div>
  );
}
