import { DownloadOutlined } from '@ant-design/icons';
import { AZIMUTH_MAX, LINE_DIRECTIONS, labelIn, STOP_NAME_MAX } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { saveBinary } from '../../alarms/evidence/api';
import { lineKeys, routeApi, type StationRow, stationApi } from '../../basic-lines/api';
import { failureMessage } from '../../basic-lines/failures';

type StationQuery = PageQuery & { search?: string; route_id?: number; direction?: 1 | 2 };

function fetchStations({ page = 1, limit = DEFAULT_LIMIT, ...filter }: StationQuery) {
  return stationApi.list(page, limit, filter);
}

/**
 * Basic → Station (BasicStation): the stations of every line, by line and direction; rename, abbreviation, azimuth,
 * opposite side, the azimuths of a line recomputed from its path, export. Where a station sits on its line is
 * changed in the line editor, so the route check always holds.
 */
export default function StationPage() {
  const { t, i18n } = useTranslation('basic-lines');
  const { message } = App.useApp();
  const can = usePermission();
  const language = i18n.language;
  const list = usePagedTable<StationQuery, StationRow>(lineKeys.stations, fetchStations, {});
  const routes = useQuery({ queryKey: [lineKeys.routes, 'picker'], queryFn: () => routeApi.list(1, 200, {}) });
  const [editing, setEditing] = useState<StationRow | null>(null);
  const [form] = Form.useForm<{ station_name: string; abridge: string; azimuth: number }>();

  const direction = (d: number) => {
    const entry = LINE_DIRECTIONS[d as 1 | 2];
    return entry ? labelIn(entry.label, language) : String(d);
  };

  async function save() {
    if (!editing) return;
    const values = await form.validateFields();
    try {
      await stationApi.update({
        id: editing.id,
        station_name: values.station_name.trim(),
        abridge: values.abridge.trim(),
        azimuth: values.azimuth,
      });
      void message.success(t('basicLines.saved'));
      setEditing(null);
      list.reload();
    } catch (error) {
      void message.error(failureMessage(error, t));
    }
  }

  const columns: TableColumnsType<StationRow> = [
    {
      title: t('basicLines.station.route'),
      key: 'route',
      width: 180,
      render: (_, r) => `${r.route_name} (${r.route_code})`,
    },
    { title: t('basicLines.station.direction'), dataIndex: 'direction', width: 90, render: direction },
    { title: t('basicLines.station.serial'), dataIndex: 'serial', width: 70 },
    { title: t('basicLines.station.name'), dataIndex: 'station_name', width: 180, ellipsis: true },
    { title: t('basicLines.station.abridge'), dataIndex: 'abridge', width: 100 },
    { title: t('basicLines.editor.distance'), dataIndex: 'distance', width: 100 },
    { title: t('basicLines.editor.azimuth'), dataIndex: 'azimuth', width: 80 },
    {
      title: t('basicLines.station.opposite'),
      dataIndex: 'is_opposite',
      width: 110,
      render: (value: number, row) => (
        <Switch
          size="small"
          checked={value === 1}
          disabled={!can('edit')}
          aria-label={`${t('basicLines.station.opposite')} ${row.station_name}`}
          onChange={(on) => void stationApi.opposite([row.id], on ? 1 : 0).then(() => list.reload())}
        />
      ),
    },
    ...(can('edit')
      ? [
          {
            title: t('basicLines.actions'),
            key: 'actions',
            width: 90,
            render: (_: unknown, row: StationRow) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  form.setFieldsValue({ station_name: row.station_name, abridge: row.abridge, azimuth: row.azimuth });
                  setEditing(row);
                }}
              >
                {t('basicLines.station.editTitle')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const routeId = list.query.route_id;
  return (
    <div className="hw-card" data-testid="station-page">
      <ListToolbar
        searchPlaceholder={t('basicLines.station.search')}
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            {can('edit') && (
              <Button
                disabled={routeId === undefined}
                title={routeId === undefined ? t('basicLines.station.pickRoute') : undefined}
                onClick={() =>
                  routeId !== undefined &&
                  void stationApi.azimuths(routeId).then(({ changed }) => {
                    void message.success(t('basicLines.station.azimuthsDone', { count: changed }));
                    list.reload();
                  })
                }
              >
                {t('basicLines.station.azimuths')}
              </Button>
            )}
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => {
                  const { page: _p, limit: _l, ...filter } = list.query;
                  void stationApi.export(filter).then((file) => saveBinary(file, 'stations.xlsx'));
                }}
              >
                {t('basicLines.export')}
              </Button>
            )}
          </Space>
        }
      >
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          placeholder={t('basicLines.station.route')}
          value={routeId}
          onChange={(value) => list.filter({ route_id: value ?? undefined })}
          options={(routes.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.route_name} (${r.route_code})` }))}
          aria-label={t('basicLines.station.route')}
        />
        <Select<1 | 2>
          allowClear
          style={{ width: 120 }}
          placeholder={t('basicLines.station.direction')}
          value={list.query.direction}
          onChange={(value) => list.filter({ direction: value ?? undefined })}
          options={[1, 2].map((d) => ({ value: d as 1 | 2, label: direction(d) }))}
          aria-label={t('basicLines.station.direction')}
        />
      </ListToolbar>
      <Table<StationRow>
        rowKey="id"
        {...list.tableProps}
        columns={columns}
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
      />
      <Modal
        open={editing !== null}
        title={t('basicLines.station.editTitle')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="station_name"
            label={t('basicLines.station.name')}
            rules={[{ required: true, whitespace: true, max: STOP_NAME_MAX }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="abridge" label={t('basicLines.station.abridge')} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="azimuth"
            label={t('basicLines.editor.azimuth')}
            rules={[{ required: true, type: 'integer', min: 0, max: AZIMUTH_MAX }]}
          >
            <InputNumber min={0} max={AZIMUTH_MAX} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
