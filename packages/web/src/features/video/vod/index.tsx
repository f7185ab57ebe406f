import { SearchOutlined } from '@ant-design/icons';
import { AV_TYPES, labelIn, RECORD_STORAGES, RECORD_STREAMS } from '@headway/spec';
import { App, Button, DatePicker, Empty, Form, Select, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RecordRow, videoApi } from '../api';
import { useCameras } from '../live/use-cameras';
import { formatBytes } from '../talk/format-bytes';
import { VehiclePicker } from '../VehiclePicker';
import type { PickVehicle } from '../vehicle-list';
import { type Playback, RecordPlayer } from './RecordPlayer';
import { Timeline } from './Timeline';
import '../video.css';

interface QueryForm {
  chn: number;
  range: [Dayjs, Dayjs];
  av_type: number;
  stream: number;
  storage: number;
}

function clock(seconds: number, dayStart: number): string {
  const at = dayjs.unix(seconds);
  return at.isSame(dayjs.unix(dayStart), 'day') ? at.format('HH:mm:ss') : at.format('MM-DD HH:mm:ss');
}

/** One query covers at most a day: the timeline draws one day, and terminals answer long lists slowly. */
const MAX_RANGE_SECONDS = 86_400;

/**
 * Monitoring → VOD (screen MonitoringVod): a vehicle, a channel (or all), the time and the AV type / stream /
 * storage; the terminal's recordings (0x9205 → 0x1205, up to 60 s) on a 24 h timeline and in a table; the player.
 */
export default function VodPage() {
  const { t, i18n } = useTranslation('video');
  const { message } = App.useApp();
  const [form] = Form.useForm<QueryForm>();
  const [vehicle, setVehicle] = useState<PickVehicle | null>(null);
  const { cameras } = useCameras(vehicle?.imei ?? null);
  const [rows, setRows] = useState<RecordRow[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [dayStart, setDayStart] = useState(() => dayjs().startOf('day').unix());
  const [playback, setPlayback] = useState<Playback | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [queried, setQueried] = useState<QueryForm | null>(null);
  const lang = i18n.language;

  const search = async () => {
    if (!vehicle) {
      message.warning(t('video.vod.pickVehicle'));
      return;
    }
    const values = await form.validateFields();
    const [from, to] = values.range;
    if (to.unix() - from.unix() > MAX_RANGE_SECONDS) {
      message.warning(t('video.vod.rangeTooLong'));
      return;
    }
    setLoading(true);
    setPlayback(null);
    try {
      const result = await videoApi.recordList({
        imei: vehicle.imei,
        chn: values.chn,
        start_time: from.unix(),
        end_time: to.unix(),
        av_type: values.av_type,
        stream: values.stream,
        storage: values.storage,
      });
      setRows(result.rows);
      setQueried(values);
      setDayStart(from.startOf('day').unix());
    } catch (error) {
      setRows(null);
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  };

  const play = useCallback(
    (row: RecordRow, from: number) => {
      if (!vehicle) return;
      setPlayback({ imei: vehicle.imei, row, from, avType: queried?.av_type ?? row.av_type });
      setPosition(from);
    },
    [vehicle, queried],
  );

  const columns: TableColumnsType<RecordRow> = [
    {
      title: t('video.vod.channel'),
      dataIndex: 'chn',
      width: 70,
      render: (chn: number) => cameras.find((c) => c.chn === chn)?.name ?? `CH${chn}`,
    },
    // The day is the timeline's caption; the list shows the time of day (the date too when it is another day).
    { title: t('video.vod.start'), dataIndex: 'start_time', render: (v: number) => clock(v, dayStart) },
    { title: t('video.vod.end'), dataIndex: 'end_time', render: (v: number) => clock(v, dayStart) },
    { title: t('video.vod.avType'), dataIndex: 'av_type', render: (v: 0 | 1 | 2 | 3) => labelIn(AV_TYPES[v], lang) },
    { title: t('video.vod.size'), dataIndex: 'size', render: (v: number) => formatBytes(v) },
    {
      title: t('video.vod.play'),
      key: 'play',
      width: 80,
      render: (_: unknown, row) => (
        <Button size="small" type="link" onClick={() => play(row, row.start_time)} data-testid="vod-play">
          {t('video.vod.play')}
        </Button>
      ),
    },
  ];

  return (
    <div className="hw-video-page" data-testid="vod-page">
      <VehiclePicker
        value={vehicle}
        onChange={(v) => {
          setVehicle(v);
          setRows(null);
          setPlayback(null);
          form.setFieldValue('chn', 0);
        }}
      />
      <section className="hw-video-page__main hw-vod" aria-label={t('video.vod.timelineHint')}>
        <Form
          form={form}
          layout="inline"
          size="small"
          initialValues={{ chn: 0, range: [dayjs().startOf('day'), dayjs()], av_type: 0, stream: 0, storage: 0 }}
          onFinish={() => void search()}
          className="hw-vod__form"
        >
          <Form.Item name="chn" label={t('video.vod.channel')}>
            <Select
              style={{ width: 130 }}
              options={[
                { value: 0, label: t('video.vod.allChannels') },
                ...cameras.map((c) => ({ value: c.chn, label: c.name })),
              ]}
              data-testid="vod-channel"
            />
          </Form.Item>
          <Form.Item name="range" label={t('video.vod.range')} rules={[{ required: true }]}>
            <DatePicker.RangePicker showTime allowClear={false} data-testid="vod-range" />
          </Form.Item>
          <Form.Item name="av_type" label={t('video.vod.avType')}>
            <Select
              style={{ width: 140 }}
              options={Object.entries(AV_TYPES).map(([v, l]) => ({ value: Number(v), label: labelIn(l, lang) }))}
            />
          </Form.Item>
          <Form.Item name="stream" label={t('video.vod.stream')}>
            <Select
              style={{ width: 140 }}
              options={Object.entries(RECORD_STREAMS).map(([v, l]) => ({ value: Number(v), label: labelIn(l, lang) }))}
            />
          </Form.Item>
          <Form.Item name="storage" label={t('video.vod.storage')}>
            <Select
              style={{ width: 150 }}
              options={Object.entries(RECORD_STORAGES).map(([v, l]) => ({ value: Number(v), label: labelIn(l, lang) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              loading={loading}
              data-testid="vod-query"
            >
              {t('video.vod.query')}
            </Button>
          </Form.Item>
        </Form>
        {loading && (
          <div role="status" className="hw-video__hint">
            {t('video.vod.querying')}
          </div>
        )}
        {!vehicle && <Empty description={t('video.vod.pickVehicle')} />}
        {rows && (
          <>
            <Timeline rows={rows} dayStart={dayStart} playing={position} onPick={play} />
            <div className="hw-vod__body">
              <div className="hw-vod__screen">
                {playback ? (
                  <RecordPlayer
                    key={`${playback.row.chn}-${playback.row.start_time}-${playback.from}`}
                    playback={playback}
                    onStop={() => setPlayback(null)}
                    onPosition={setPosition}
                  />
                ) : (
                  <Empty description={rows.length === 0 ? t('video.vod.empty') : t('video.vod.nothingPlaying')} />
                )}
              </div>
              <Table<RecordRow>
                className="hw-vod__table"
                size="small"
                rowKey={(r) => `${r.chn}-${r.start_time}-${r.end_time}`}
                columns={columns}
                dataSource={rows}
                pagination={{
                  pageSize: 10,
                  size: 'small',
                  showTotal: (total) => t('video.vod.rows', { count: total }),
                }}
                data-testid="vod-rows"
              />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
