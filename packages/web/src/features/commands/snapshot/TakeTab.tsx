import { CameraOutlined } from '@ant-design/icons';
import { SNAPSHOT_RANGES, SNAPSHOT_RESOLUTIONS, type SnapshotResolution } from '@headway/spec';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, InputNumber, Select, Slider, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { commandsApi, commandsKeys, type SnapshotRow } from '../api';
import { useCommandRunner } from '../command-result';
import { SnapshotImage } from './SnapshotImage';
import {
  camerasOf,
  defaultSettings,
  resolutionLabel,
  type SnapshotSettings,
  snapshotRequest,
} from './snapshot-settings';

const PICTURE_SETTINGS = [
  { name: 'light', label: 'brightness', range: SNAPSHOT_RANGES.brightness },
  { name: 'contrast', label: 'contrast', range: SNAPSHOT_RANGES.contrast },
  { name: 'saturation', label: 'saturation', range: SNAPSHOT_RANGES.saturation },
  { name: 'shades', label: 'shades', range: SNAPSHOT_RANGES.shades },
] as const;

/**
 * Take (0x8801 → 0x0805, the JPEG uploaded as 0x0801): channel, resolution, quality and the picture settings; the
 * picture shows once the terminal has uploaded it (GET /jtt1078/media/snap waits for it, up to 40 s).
 */
export function TakeTab({ vehicle }: { vehicle: WindowVehicle }) {
  const { t } = useTranslation('commands');
  const { message } = App.useApp();
  const client = useQueryClient();
  const { busy, run } = useCommandRunner();
  const [form] = Form.useForm<SnapshotSettings>();
  const [taken, setTaken] = useState<SnapshotRow | null>(null);
  const info = useQuery({
    queryKey: commandsKeys.carInfo(vehicle.imei),
    queryFn: () => commandsApi.carInfo(vehicle.imei),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const cameras = useMemo(() => camerasOf(info.data?.channel), [info.data?.channel]);
  const channels = useMemo(() => cameras.map((c) => c.chn), [cameras]);

  // Once the vehicle's channels are known, the default channel is one of them.
  useEffect(() => {
    if (channels.length > 0 && !channels.includes(form.getFieldValue('chn'))) {
      form.setFieldValue('chn', defaultSettings(channels).chn);
    }
  }, [channels, form]);

  const take = async (settings: SnapshotSettings) => {
    const result = await run('snap', () => commandsApi.snapshot(snapshotRequest(vehicle.imei, settings)));
    if (!result) return;
    const row = result.rows[0];
    if (!row) {
      void message.warning(t('commands.snapshot.noPicture'));
      return;
    }
    setTaken(row);
    void client.invalidateQueries({ queryKey: commandsKeys.snapshots(vehicle.car_id) });
  };

  return (
    <div className="hw-snapshot__take">
      <Form<SnapshotSettings>
        form={form}
        layout="vertical"
        size="small"
        className="hw-snapshot__form"
        initialValues={defaultSettings([])}
        onFinish={(values) => void take(values)}
      >
        <Form.Item name="chn" label={t('commands.snapshot.channel')}>
          {channels.length > 0 ? (
            <Select<number>
              options={cameras.map((c) => ({ value: c.chn, label: `${c.chn} · ${c.name}` }))}
              data-testid="snapshot-channel"
            />
          ) : (
            <InputNumber
              min={SNAPSHOT_RANGES.channel.min}
              max={SNAPSHOT_RANGES.channel.max}
              precision={0}
              style={{ width: '100%' }}
              data-testid="snapshot-channel"
            />
          )}
        </Form.Item>
        <Form.Item name="resolution" label={t('commands.snapshot.resolution')}>
          <Select<SnapshotResolution>
            options={Object.keys(SNAPSHOT_RESOLUTIONS).map((code) => ({
              value: Number(code) as SnapshotResolution,
              label: resolutionLabel(Number(code) as SnapshotResolution),
            }))}
            data-testid="snapshot-resolution"
          />
        </Form.Item>
        <Form.Item name="quality" label={t('commands.snapshot.quality')}>
          <Slider
            min={SNAPSHOT_RANGES.quality.min}
            max={SNAPSHOT_RANGES.quality.max}
            ariaLabelForHandle={t('commands.snapshot.quality')}
            data-testid="snapshot-quality"
          />
        </Form.Item>
        {PICTURE_SETTINGS.map((s) => (
          <Form.Item key={s.name} name={s.name} label={t(`commands.snapshot.${s.label}`)}>
            <Slider min={s.range.min} max={s.range.max} ariaLabelForHandle={t(`commands.snapshot.${s.label}`)} />
          </Form.Item>
        ))}
        <Button
          type="primary"
          htmlType="submit"
          icon={<CameraOutlined />}
          block
          loading={busy === 'snap'}
          disabled={busy !== null}
          data-testid="snapshot-take"
        >
          {t('commands.snapshot.shoot')}
        </Button>
      </Form>
      <div className="hw-snapshot__picture">
        {busy === 'snap' ? (
          <Spin description={t('commands.snapshot.waiting')}>
            <div className="hw-snapshot__placeholder" />
          </Spin>
        ) : taken ? (
          <figure className="hw-snapshot__figure">
            <SnapshotImage row={taken} testId="snapshot-image" />
            <figcaption>
              {t('commands.snapshot.caption', {
                vehicle: taken.car_name,
                channel: taken.chn,
                time: formatTime(taken.snap_time),
              })}
            </figcaption>
          </figure>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('commands.snapshot.empty')} />
        )}
      </div>
    </div>
  );
}
