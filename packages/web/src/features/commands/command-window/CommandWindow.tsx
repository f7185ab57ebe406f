import { ApiOutlined, BranchesOutlined, SettingOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Alert, App, Button, Menu, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowProps } from '../../../windows/window-kinds';
import { useCommandPermission } from '../access';
import { commandsApi } from '../api';
import { useCommandRunner } from '../command-result';
import { AttributesPanel } from './AttributesPanel';
import { AvPanel } from './AvPanel';
import { ChangeRoutePanel } from './ChangeRoutePanel';
import { ParamsPanel } from './ParamsPanel';
import './command-window.css';
import { ToolWindow } from '../../../windows/ToolWindow';

type Section = 'av' | 'params' | 'attributes' | 'route';

const SECTIONS: { key: Section; icon: ReactNode }[] = [
  { key: 'av', icon: <VideoCameraOutlined /> },
  { key: 'params', icon: <SettingOutlined /> },
  { key: 'attributes', icon: <ApiOutlined /> },
  { key: 'route', icon: <BranchesOutlined /> },
];

/**
 * The command window (900×550, spec section 4 "Command modal"): a left menu of audio/video, parameters,
 * attributes and change route, with reboot and log (0x8105) beside it. One command runs at a time; the buttons
 * wait for it. Reads need view on the live map or the line map, anything that changes the terminal needs edit.
 */
export default function CommandWindow({ vehicle, onClose }: WindowProps['command'] & { onClose: () => void }) {
  const { t } = useTranslation('commands');
  const { modal, message } = App.useApp();
  const canEdit = useCommandPermission('edit');
  const runner = useCommandRunner();
  const { busy, run } = runner;
  const [section, setSection] = useState<Section>('av');

  const control = (kind: 'reboot' | 'log') => {
    modal.confirm({
      title: t(`commands.control.${kind}`),
      content: t(`commands.control.${kind}Confirm`, { name: vehicle.car_name }),
      okText: t('commands.ok'),
      cancelText: t('commands.cancel'),
      onOk: async () => {
        const done = await run(kind, () => commandsApi[kind]({ imei: vehicle.imei }));
        if (done) void message.success(t(`commands.control.${kind}Sent`));
      },
    });
  };

  return (
    <ToolWindow
      open
      width={900}
      centered
      destroyOnHidden
      onCancel={onClose}
      title={t('commands.title', { name: vehicle.car_name })}
      styles={{ body: { height: 470 } }}
      footer={
        <div className="hw-command__footer">
          {canEdit && (
            <Space>
              <Button
                danger
                disabled={busy !== null}
                loading={busy === 'reboot'}
                onClick={() => control('reboot')}
                data-testid="command-reboot"
              >
                {t('commands.control.reboot')}
              </Button>
              <Button
                disabled={busy !== null}
                loading={busy === 'log'}
                onClick={() => control('log')}
                data-testid="command-log"
              >
                {t('commands.control.log')}
              </Button>
            </Space>
          )}
          <span className="hw-command__spacer" />
          <Button onClick={onClose}>{t('commands.close')}</Button>
        </div>
      }
      data-testid="command-window"
    >
      <div className="hw-command">
        <Menu
          className="hw-command__menu"
          mode="inline"
          selectedKeys={[section]}
          onClick={({ key }) => setSection(key as Section)}
          items={SECTIONS.map((s) => ({
            key: s.key,
            icon: s.icon,
            label: <span data-testid={`command-menu-${s.key}`}>{t(`commands.menu.${s.key}`)}</span>,
          }))}
        />
        <div className="hw-command__body">
          {!canEdit && section !== 'av' && section !== 'attributes' && (
            <Alert type="info" showIcon className="hw-command__readonly" title={t('commands.readOnly')} />
          )}
          {/* Every section stays mounted: what was read or typed is still there after a look elsewhere. */}
          <div hidden={section !== 'av'}>
            <AvPanel vehicle={vehicle} {...runner} />
          </div>
          <div hidden={section !== 'params'}>
            <ParamsPanel vehicle={vehicle} canEdit={canEdit} {...runner} />
          </div>
          <div hidden={section !== 'attributes'}>
            <AttributesPanel vehicle={vehicle} {...runner} />
          </div>
          <div hidden={section !== 'route'}>
            <ChangeRoutePanel vehicle={vehicle} canEdit={canEdit} {...runner} />
          </div>
        </div>
      </div>
    </ToolWindow>
  );
}
