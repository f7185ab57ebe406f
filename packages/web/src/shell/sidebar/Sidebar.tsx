import { Menu, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { matchView } from '../../app/routes/match';
import { activeMenuKey, type MenuEntry, menuEntries, openKeysFor } from '../../app/routes/menu';
import { useSession } from '../../auth/session-store';
import { menuTitle } from '../../i18n/menu-title';
import { useSettings } from '../settings/use-settings';
import { MenuIcon } from './icons';

type Items = NonNullable<MenuProps['items']>;

function toItems(entries: readonly MenuEntry[], t: TFunction): Items {
  return entries.map((e) => ({
    key: e.key,
    icon: <MenuIcon name={e.icon} />,
    label: e.href ? (
      <a href={e.href} target="_blank" rel="noopener noreferrer" onClick={(ev) => ev.preventDefault()}>
        {menuTitle(t, e.title, e.key)}
      </a>
    ) : (
      <span data-testid={e.children ? `submenu-${e.key}` : `menu-${e.key}`}>{menuTitle(t, e.title, e.key)}</span>
    ),
    children: e.children ? toItems(e.children, t) : undefined,
  }));
}

function hrefs(entries: readonly MenuEntry[], into = new Map<string, string>()): Map<string, string> {
  for (const e of entries) {
    if (e.href) into.set(e.key, e.href);
    if (e.children) hrefs(e.children, into);
  }
  return into;
}

/** The permitted menu (spec section 2 "Sidebar"). */
export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes);
  const views = useSession((s) => s.views);
  const menuTheme = useSettings((s) => s.menuTheme);
  const entries = useMemo(() => menuEntries(routes), [routes]);
  const external = useMemo(() => hrefs(entries), [entries]);
  const selected = activeMenuKey(matchView(views, pathname)?.route, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(entries, selected));

  useEffect(() => {
    const wanted = openKeysFor(entries, selected);
    setOpenKeys((keys) => Array.from(new Set([...keys, ...wanted])));
  }, [entries, selected]);

  return (
    <Menu
      mode="inline"
      theme={menuTheme}
      inlineCollapsed={collapsed}
      selectedKeys={[selected]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      items={toItems(entries, t)}
      onClick={({ key }) => {
        const href = external.get(key);
        if (href) window.open(href, '_blank', 'noopener');
        else navigate(key);
        onNavigate?.();
      }}
    />
  );
}
