import { AZIMUTH_MAX, LINE_DIRECTIONS, labelIn, STOP_NAME_MAX } from '@headway/spec';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Select, Switch, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { ListPage } from '../../../components/list-page/ListPage';
import { usePermission } from '../../../shell/view-host/view-context';
import { lineKeys, routeApi, type StationRow, stationApi } from '../../basic-lines/api';
import { failureMessage } from '../../basic-lines/failures';

type StationQuery = PageQuery & { search?: string; route_id?: number; direction?: 1 | 2 };
type Values = { station_name: string; abridge: string; azimuth: number };

function fetchStations({ page = 1, limit = DEFAULT_LIMIT, ...filter }: StationQuery) {
  return stationApi.list(page, limit, filter);
}

/** Rename a station, its abbreviation and azimuth; where it sits is the line editor's. */
function StationDialog(props: { row: StationRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('basic-lines');
  const [form] = Form.useForm<Values>();
  const { row } = props;
  return (
    <FormDialog<Values, StationRow>
      open={row !== null}
      record={row}
      form={form}
      title={t('basicLines.station.editTitle')}
      initialValues={(r) => (r ? { station_name: r.station_name, abridge: r.abridge, azimuth: r.azimuth } : {})}
      onSubmit={async (values) => {
        if (!row) return;
        await stationApi.update({
          id: row.id,
          station_name: values.station_name.trim(),
          abridge: values.abridge.trim(),
          azimuth: values.azimuth,
        });
      }}
      describeFailure={(error) => failureMessage(error, t)}
      onClose={props.onClose}
      onSaved={props.onSaved}
      width={520}
      columns="vertical"
    >
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
    </FormDialog>
  );
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
  const client = useQueryClient();
  const language = i18n.language;
  const routes = useQuery({ queryKey: [lineKeys.routes, 'picker'], queryFn: () => routeApi.list(1, 200, {}) });
  const reload = () => void client.invalidateQueries({ queryKey: [lineKeys.stations] });

  const direction = (d: number) => {
    const entry = LINE_DIRECTIONS[d as 1 | 2];
    return entry ? labelIn(entry.label, language) : String(d);
  };

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
          onChange={(on) => void stationApi.opposite([row.id], on ? 1 : 0).then(() => reload())}
        />
      ),
    },
  ];

  return (
    <ListPage<StationRow, StationQuery>
      testId="station"
      queryKey={lineKeys.stations}
      fetch={fetchStations}
      searchPlaceholder={t('basicLines.station.search')}
      filters={(filter, query) => (
        <>
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('basicLines.station.route')}
            value={query.route_id}
            onChange={(value) => filter({ route_id: value ?? undefined })}
            options={(routes.data?.rows ?? []).map((r) => ({
              value: r.id,
              label: `${r.route_name} (${r.route_code})`,
            }))}
            aria-label={t('basicLines.station.route')}
          />
          <Select<1 | 2>
            allowClear
            style={{ width: 120 }}
            placeholder={t('basicLines.station.direction')}
            value={query.direction}
            onChange={(value) => filter({ direction: value ?? undefined })}
            options={[1, 2].map((d) => ({ value: d as 1 | 2, label: direction(d) }))}
            aria-label={t('basicLines.station.direction')}
          />
        </>
      )}
      toolbarExtra={({ query }) =>
        can('edit') && (
          <Button
            disabled={query.route_id === undefined}
            title={query.route_id === undefined ? t('basicLines.station.pickRoute') : undefined}
            onClick={() =>
              query.route_id !== undefined &&
              void stationApi.azimuths(query.route_id).then(({ changed }) => {
                void message.success(t('basicLines.station.azimuthsDone', { count: changed }));
                reload();
              })
            }
          >
            {t('basicLines.station.azimuths')}
          </Button>
        )
      }
      columns={columns}
      canAdd={false}
      actionsWidth={90}
      exporter={{ path: stationApi.exportPath, fileBase: 'stations' }}
      dialog={(editing, close, saved) => <StationDialog row={editing?.row ?? null} onClose={close} onSaved={saved} />}
    />
  );
}
