import {
  type BitTable,
  bitNames,
  COMM_MODULE_BITS,
  GNSS_MODULE_BITS,
  labelIn,
  TERMINAL_TYPE_BITS,
} from '@headway/spec';
import { Button, Descriptions, Empty, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { commandsApi, type DeviceAttributes } from '../api';
import type { CommandRun } from '../command-result';

interface AttributesPanelProps extends CommandRun {
  vehicle: WindowVehicle;
}

/** Terminal attributes (0x8107 → 0x0107): the three bit fields decoded (@headway/spec), then the terminal's words. */
export function AttributesPanel({ vehicle, busy, run }: AttributesPanelProps) {
  const { t, i18n } = useTranslation('commands');
  const [attributes, setAttributes] = useState<DeviceAttributes | null>(null);

  const read = async () => {
    const result = await run('attributes', () => commandsApi.attributes({ imei: vehicle.imei }));
    if (result) setAttributes(result);
  };

  const bits = (word: number, table: BitTable, testId: string) => {
    const names = bitNames(word, table);
    if (names.length === 0) return <span data-testid={testId}>{t('commands.attributes.none')}</span>;
    return (
      <span data-testid={testId}>
        {names.map((name) => (
          <Tag key={name}>{labelIn((table[name] as BitTable[string]).label, i18n.language)}</Tag>
        ))}
      </span>
    );
  };

  const text = (value: string) => value || '--';

  return (
    <div className="hw-command__panel" data-testid="attr-panel">
      <div className="hw-command__toolbar">
        <Button
          type="primary"
          disabled={busy !== null}
          loading={busy === 'attributes'}
          onClick={() => void read()}
          data-testid="attr-read"
        >
          {t('commands.read')}
        </Button>
      </div>
      {attributes ? (
        <Descriptions size="small" bordered column={1} data-testid="attr-result">
          <Descriptions.Item label={t('commands.attributes.devtype')}>
            {bits(attributes.devtype, TERMINAL_TYPE_BITS, 'attr-devtype')}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.gnss')}>
            {bits(attributes.gnss, GNSS_MODULE_BITS, 'attr-gnss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.cn')}>
            {bits(attributes.cn, COMM_MODULE_BITS, 'attr-cn')}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.producer')}>{text(attributes.producer)}</Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.devmodel')}>{text(attributes.devmodel)}</Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.devgid')}>{text(attributes.devgid)}</Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.firmware')}>{text(attributes.firmware)}</Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.hardware')}>{text(attributes.hardware)}</Descriptions.Item>
          <Descriptions.Item label={t('commands.attributes.iccid')}>{text(attributes.iccid)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('commands.notRead')} />
      )}
    </div>
  );
}
