import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { App, Button, Modal, Tabs, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLayout } from '../layout/layout-store';
import { initialTab, OFFERED_TABS, type SettingsTab } from './initial-tab';
import type { Settings } from './model';
import { LayoutTab, LineMapTab, MapTab, OtherTab, TableTab } from './tabs';
import { settingsStore } from './use-settings';
import './settings.css';

const TABS: Record<SettingsTab, typeof LayoutTab> = {
  layout: LayoutTab,
  map: MapTab,
  lineMap: LineMapTab,
  table: TableTab,
  other: OtherTab,
};

/** The settings dialog (spec section 2): 680×500, full-screen toggle, every change saved at once. */
export function SettingsDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const open = useLayout((s) => s.settingsOpen);
  const openSettings = useLayout((s) => s.openSettings);
  const [full, setFull] = useState(false);
  const [tab, setTab] = useState<SettingsTab>('layout');

  useEffect(() => {
    if (open) setTab(initialTab(pathname));
  }, [open, pathname]);

  const change = (patch: Partial<Settings>) => {
    settingsStore
      .getState()
      .update(patch)
      .catch(() => message.warning(t('settings.saveFailed')));
  };

  const fullLabel = full ? t('settings.exitFullscreen') : t('settings.fullscreen');
  return (
    <Modal
      open={open}
      onCancel={() => openSettings(false)}
      footer={null}
      width={full ? '100vw' : 680}
      className={full ? 'hw-settings hw-settings--full' : 'hw-settings'}
      classNames={{ container: 'hw-settings__box', body: 'hw-settings__body' }}
      title={
        <div className="hw-settings__title">
          <span>{t('settings.title')}</span>
          <Tooltip title={fullLabel}>
            <Button
              type="text"
              size="small"
              aria-label={fullLabel}
              icon={full ? <CompressOutlined /> : <ExpandOutlined />}
              onClick={() => setFull((f) => !f)}
            />
          </Tooltip>
        </div>
      }
      destroyOnHidden
      data-testid="settings-dialog"
    >
      <Tabs
        tabPlacement="start"
        activeKey={tab}
        onChange={(k) => setTab(k as SettingsTab)}
        className="hw-settings__tabs"
        items={OFFERED_TABS.map((key) => {
          const Tab = TABS[key];
          return { key, label: t(`settings.tabs.${key}`), children: <Tab change={change} /> };
        })}
      />
    </Modal>
  );
}
