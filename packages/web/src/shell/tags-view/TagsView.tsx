import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { flattenViews } from '../../app/routes/build';
import { useSession } from '../../auth/session-store';
import { menuTitle } from '../../i18n/menu-title';
import { REDIRECT_PREFIX } from '../view-host/RedirectPage';
import { nextLocation, type TagView } from './model';
import { useTags } from './store';

/** Visited screens as tabs (spec section 2 "Tab bar"). */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes);
  const { visited, add, close, closeOthers, closeAll } = useTags();
  const activeRef = useRef<HTMLDivElement>(null);

  // Affixed screens (the dashboard) are tabs from the start.
  useEffect(() => {
    for (const { route } of flattenViews(routes)) {
      if (!route.affix) continue;
      add({
        path: route.path,
        fullPath: route.path,
        name: route.name,
        title: route.title,
        affix: true,
        noCache: route.noCache,
      });
    }
  }, [routes, add]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the active tab changes
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const go = (remaining: TagView[]) => {
    const next = nextLocation(remaining, pathname);
    if (next) navigate(next);
  };
  const refresh = (tag: TagView) => navigate(`${REDIRECT_PREFIX}${tag.fullPath}`, { replace: true });
  const closeTag = (tag: TagView) => {
    if (!tag.affix) go(close(tag.path));
  };
  const list = useRef<HTMLDivElement>(null);
  /** WAI-ARIA tabs: the arrows, Home and End move between tabs; Enter or Space opens one, Delete closes it. */
  const onKey = (e: KeyboardEvent<HTMLDivElement>, tag: TagView, index: number) => {
    const tabs = Array.from(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const focus = (i: number) => tabs[(i + tabs.length) % tabs.length]?.focus();
    if (e.key === 'Enter' || e.key === ' ') navigate(tag.fullPath);
    else if (e.key === 'Delete') closeTag(tag);
    else if (e.key === 'ArrowRight') focus(index + 1);
    else if (e.key === 'ArrowLeft') focus(index - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(tabs.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div className="hw-tags" data-testid="tags-view" role="tablist" aria-label={t('tags.label')} ref={list}>
      {visited.map((tag, index) => {
        const active = tag.path === pathname;
        return (
          <Dropdown
            key={tag.path}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: <span data-testid="tag-menu-refresh">{t('tags.refresh')}</span> },
                { key: 'close', label: t('tags.close'), disabled: tag.affix },
                { key: 'others', label: <span data-testid="tag-menu-others">{t('tags.closeOthers')}</span> },
                { key: 'all', label: <span data-testid="tag-menu-all">{t('tags.closeAll')}</span> },
              ],
              onClick: ({ key }) => {
                if (key === 'refresh') refresh(tag);
                else if (key === 'close') closeTag(tag);
                else if (key === 'others') {
                  closeOthers(tag.path);
                  if (!active) navigate(tag.fullPath);
                } else if (key === 'all') go(closeAll());
              },
            }}
          >
            <div
              ref={active ? activeRef : undefined}
              className={`hw-tag${active ? ' hw-tag--active' : ''}`}
              data-testid={`tag-${tag.path}`}
              data-active={active}
              role="tab"
              // One tab stop for the whole bar (the open screen's tab); the arrows reach the others.
              tabIndex={active ? 0 : -1}
              aria-selected={active}
              aria-keyshortcuts={tag.affix ? undefined : 'Delete'}
              onClick={() => navigate(tag.fullPath)}
              onKeyDown={(e) => onKey(e, tag, index)}
              onMouseDown={(e) => e.button === 1 && e.preventDefault()}
              onAuxClick={(e) => {
                if (e.button === 1) closeTag(tag);
              }}
            >
              <span>{menuTitle(t, tag.title, tag.name)}</span>
              {!tag.affix && (
                // The mouse's close; the keyboard's is Delete on the tab (aria-keyshortcuts).
                <CloseOutlined
                  className="hw-tag__close"
                  aria-hidden
                  onClick={(e) => {
                    e.stopPropagation();
                    closeTag(tag);
                  }}
                />
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
