import { Drawer } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AlarmCentreSlot } from '../../features/alarms/centre/slots';
import { ExpiryReminderSlot } from '../../features/fleet/reminders/slot';
import { WindowHost } from '../../windows/WindowHost';
import { ShellHostPage } from '../host-page/ShellHostPage';
import { Navbar } from '../navbar/Navbar';
import { SettingsDialog } from '../settings/SettingsDialog';
import { useSettings } from '../settings/use-settings';
import { Sidebar } from '../sidebar/Sidebar';
import { TagsView } from '../tags-view/TagsView';
import { ViewHost } from '../view-host/ViewHost';
import { Brand } from './Brand';
import { useLayout } from './layout-store';
import { useRememberLanguage } from './remember-language';
import { useIsMobile } from './use-mobile';

/** Header (brand + navbar), 210 px sidebar, tags view and the page area (spec section 2 "Shell layout"). */
export function Layout() {
  useRememberLanguage();
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const collapsed = useLayout((s) => s.collapsed);
  const drawerOpen = useLayout((s) => s.drawerOpen);
  const closeDrawer = useLayout((s) => s.closeDrawer);
  const menuTheme = useSettings((s) => s.menuTheme);
  const tagsView = useSettings((s) => s.tagsView);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation and on resize
  useEffect(() => {
    closeDrawer();
  }, [pathname, mobile, closeDrawer]);

  return (
    <div className="hw-app" data-testid="layout">
      <ShellHostPage />
      <header className="hw-header">
        {!mobile && <Brand collapsed={collapsed} theme={menuTheme} />}
        <Navbar mobile={mobile} />
      </header>
      <div className="hw-body">
        {mobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={closeDrawer}
            size={210}
            closable={false}
            rootClassName="hw-drawer"
            styles={{ body: { padding: 0, background: menuTheme === 'dark' ? '#1f2a37' : '#fff' } }}
          >
            <Brand collapsed={false} theme={menuTheme} />
            <Sidebar collapsed={false} onNavigate={closeDrawer} />
          </Drawer>
        ) : (
          <aside
            className={`hw-sidebar hw-sidebar--${menuTheme}${collapsed ? ' hw-sidebar--collapsed' : ''}`}
            data-testid="sidebar"
          >
            <Sidebar collapsed={collapsed} />
          </aside>
        )}
        <main className="hw-main">
          {tagsView && <TagsView />}
          <div className="hw-content">
            <ViewHost />
          </div>
        </main>
      </div>
      <SettingsDialog />
      <AlarmCentreSlot />
      <WindowHost />
      <ExpiryReminderSlot />
    </div>
  );
}
