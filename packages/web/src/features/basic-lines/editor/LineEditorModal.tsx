import type { PathPoint, RouteCheckFailure } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Input, InputNumber, Modal, Segmented, Select, Space, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readViewport, TiledMap } from '../../../map';
import { type BusStopRow, busStopApi, type RouteRow, routeApi } from '../api';
import { failureLine, failureMessage, serverFailures } from '../failures';
import {
  checkDrafts,
  computeDraft,
  type DirectionDraft,
  type DraftStation,
  directionInput,
  draftOf,
  emptyDraft,
  insertStation,
  reversed,
  snapToPath,
  stationKey,
} from './direction-draft';
import { type EditorMode, LinePathEditor } from './LinePathEditor';
import './line-editor.css';

// The line editor (issue 14): a line's two directions drawn on the map — the path as a polyline, stations placed on
// it by clicking or from bus stops — with mileage and azimuths computed along the path, checked with the spec's
// route check before it is saved in one PUT /basic/routes (the server checks again).

const FALLBACK_VIEW = { lng: 100.5, lat: 13.75, zoom: 13 };

export interface LineEditorModalProps {
  route: RouteRow | null;
  onClose: () => void;
  onSaved: () => void;
}

export function LineEditorModal({ route, onClose, onSaved }: LineEditorModalProps) {
  const { t } = useTranslation('basic-lines');
  return (
    <Modal
      open={route !== null}
      onCancel={onClose}
      footer={null}
      width={1280}
      destroyOnHidden
      title={route ? t('basicLines.editor.title', { name: route.route_name }) : ''}
    >
      {route && <Editor key={route.id} route={route} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function Editor({ route, onClose, onSaved }: { route: RouteRow; onClose: () => void; onSaved: () => void }) {
  const directions = useQuery({
    queryKey: ['basic-route-directions', route.id],
    queryFn: () => routeApi.directions(route.id),
  });
  if (directions.isLoading) return <Spin />;
  return <EditorBody route={route} initial={directions.data ?? []} onClose={onClose} onSaved={onSaved} />;
}

function EditorBody({
  route,
  initial,
  onClose,
  onSaved,
}: {
  route: RouteRow;
  initial: Awaited<ReturnType<typeof routeApi.directions>>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('basic-lines');
  const { message } = App.useApp();
  const [drafts, setDrafts] = useState<Record<1 | 2, DirectionDraft>>(() => {
    const up = initial.find((d) => d.direction === 1);
    const down = initial.find((d) => d.direction === 2);
    return { 1: up ? draftOf(up) : emptyDraft(1), 2: down ? draftOf(down) : emptyDraft(2) };
  });
  const [active, setActive] = useState<1 | 2>(1);
  const [mode, setMode] = useState<EditorMode>('path');
  const [generation, setGeneration] = useState(0);
  const [failures, setFailures] = useState<RouteCheckFailure[]>([]);
  const [saving, setSaving] = useState(false);
  const [stopOptions, setStopOptions] = useState<BusStopRow[]>([]);
  const draft = drafts[active];
  const computed = useMemo(() => computeDraft(draft), [draft]);
  const directionsUsed = route.category === 1 ? ([1] as const) : ([1, 2] as const);

  const update = (change: Partial<DirectionDraft>) => {
    // What was reported no longer describes the drafts: they are checked again at the next save.
    setFailures([]);
    setDrafts((d) => ({ ...d, [active]: { ...d[active], ...change } }));
  };
  const restart = (nextMode: EditorMode) => {
    setMode(nextMode);
    setGeneration((g) => g + 1);
  };
  const place = (at: PathPoint) => {
    const [lat, lng] = snapToPath(draft.path, at);
    const station: DraftStation = {
      key: stationKey(),
      name: t('basicLines.editor.newStation', { n: draft.stations.length + 1 }),
      lat,
      lng,
      stop_id: '',
    };
    update({ stations: insertStation(draft, station) });
  };
  const addStop = (stop: BusStopRow) => {
    const station: DraftStation = {
      key: stationKey(),
      name: stop.stop_name,
      lat: stop.lat,
      lng: stop.lng,
      stop_id: stop.stop_id,
    };
    update({ stations: insertStation(draft, station) });
  };
  const move = (index: number, by: -1 | 1) => {
    const stations = [...draft.stations];
    const [s] = stations.splice(index, 1);
    if (s) stations.splice(index + by, 0, s);
    update({ stations });
  };

  async function save() {
    const used = directionsUsed.map((d) => drafts[d]);
    const found = checkDrafts(route.category, used);
    setFailures(found);
    if (found.length) return;
    setSaving(true);
    try {
      await routeApi.update({
        id: route.id,
        route_code: route.route_code,
        route_name: route.route_name,
        sort_id: route.sort_id,
        category: route.category,
        state: route.state as 0 | 10 | 20,
        fleet_id: route.fleet_id,
        trunk: route.trunk,
        travel: route.travel,
        open_time: route.open_time,
        stop_time: route.stop_time,
        ticket: route.ticket,
        remark: route.remark,
        color: route.color,
        directions: used.filter((d) => d.path.length || d.stations.length).map(directionInput),
      });
      void message.success(t('basicLines.saved'));
      onSaved();
    } catch (error) {
      const refused = serverFailures(error);
      if (refused) setFailures(refused.map(({ text: _text, ...f }) => f as RouteCheckFailure));
      else void message.error(failureMessage(error, t));
    } finally {
      setSaving(false);
    }
  }

  const start = draft.path[0] ?? drafts[1].path[0];
  const view = start
    ? { lat: start[0], lng: start[1], zoom: 15 }
    : readViewport(typeof localStorage === 'undefined' ? null : localStorage, FALLBACK_VIEW);
  const other = drafts[active === 1 ? 2 : 1].path;

  return (
    <div className="hw-line-editor" data-testid="line-editor">
      <div className="hw-line-editor__side">
        <Segmented<1 | 2>
          block
          value={active}
          onChange={(value) => {
            setActive(value);
            setMode(drafts[value].path.length ? 'stations' : 'path');
            setGeneration((g) => g + 1);
          }}
          options={directionsUsed.map((d) => ({
            value: d,
            label: t(d === 1 ? 'basicLines.editor.up' : 'basicLines.editor.down'),
          }))}
          data-testid="line-editor-direction"
        />
        <Space wrap>
          <Button
            type={mode === 'path' ? 'primary' : 'default'}
            onClick={() => {
              update({ path: [] });
              restart('path');
            }}
            data-testid="line-editor-draw"
          >
            {draft.path.length ? t('basicLines.editor.redraw') : t('basicLines.editor.drawPath')}
          </Button>
          <Button
            type={mode === 'stations' ? 'primary' : 'default'}
            disabled={draft.path.length < 2}
            onClick={() => restart('stations')}
            data-testid="line-editor-place"
          >
            {t('basicLines.editor.placeStations')}
          </Button>
          {active === 2 && drafts[1].path.length >= 2 && (
            <Button
              onClick={() => {
                setFailures([]);
                setDrafts((d) => ({ ...d, 2: reversed(d[1], 2) }));
                restart('stations');
              }}
              data-testid="line-editor-copy-reverse"
            >
              {t('basicLines.editor.copyReverse')}
            </Button>
          )}
        </Space>
        <div className="hw-line-editor__hint">
          {mode === 'path' ? t('basicLines.editor.finishHint') : t('basicLines.editor.placeHint')}
        </div>
        <Select<number>
          showSearch
          filterOption={false}
          value={null}
          placeholder={t('basicLines.editor.fromStop')}
          onSearch={(key) => {
            if (key.trim()) void busStopApi.search(key.trim()).then(setStopOptions, () => setStopOptions([]));
          }}
          onChange={(id) => {
            const stop = stopOptions.find((s) => s.id === id);
            if (stop) addStop(stop);
          }}
          options={stopOptions.map((s) => ({ value: s.id, label: `${s.stop_name} (${s.stop_code})` }))}
          style={{ width: '100%' }}
          data-testid="line-editor-stop"
        />
        <Space>
          <span>{t('basicLines.editor.firstTime')}</span>
          <Input
            value={draft.first_time}
            onChange={(e) => update({ first_time: e.target.value })}
            style={{ width: 70 }}
            placeholder="06:00"
          />
          <span>{t('basicLines.editor.lastTime')}</span>
          <Input
            value={draft.last_time}
            onChange={(e) => update({ last_time: e.target.value })}
            style={{ width: 70 }}
            placeholder="22:00"
          />
          <span>{t('basicLines.editor.intervals')}</span>
          <InputNumber
            min={0}
            max={1440}
            value={draft.intervals}
            onChange={(v) => update({ intervals: v ?? 0 })}
            style={{ width: 64 }}
          />
        </Space>
        <Table<DraftStation>
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ y: 260 }}
          dataSource={draft.stations}
          data-testid="line-editor-stations"
          columns={[
            { title: '#', key: 'serial', width: 40, render: (_, __, i) => i + 1 },
            {
              title: t('basicLines.editor.stationName'),
              key: 'name',
              render: (_, s, i) => (
                <Input
                  size="small"
                  value={s.name}
                  aria-label={`${t('basicLines.editor.stationName')} ${i + 1}`}
                  onChange={(e) =>
                    update({
                      stations: draft.stations.map((x) => (x.key === s.key ? { ...x, name: e.target.value } : x)),
                    })
                  }
                />
              ),
            },
            {
              title: t('basicLines.editor.distance'),
              key: 'distance',
              width: 84,
              align: 'right',
              render: (_, __, i) => computed.placed[i]?.distance ?? 0,
            },
            {
              title: t('basicLines.editor.azimuth'),
              key: 'azimuth',
              width: 84,
              align: 'right',
              render: (_, __, i) => computed.placed[i]?.azimuth ?? 0,
            },
            {
              key: 'actions',
              width: 110,
              render: (_, s, i) => (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('basicLines.editor.moveUp')}
                  >
                    ↑
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    disabled={i === draft.stations.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('basicLines.editor.moveDown')}
                  >
                    ↓
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() => update({ stations: draft.stations.filter((x) => x.key !== s.key) })}
                  >
                    {t('basicLines.editor.remove')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
        <div className="hw-line-editor__total" data-testid="line-editor-total">
          {t('basicLines.editor.total', {
            metres: computed.distance,
            count: draft.stations.length,
            km: computed.avg_station_km,
          })}
        </div>
        {failures.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('basicLines.editor.checkFailed')}
            description={
              <ul className="hw-line-editor__failures" data-testid="line-editor-failures">
                {failures.map((f) => (
                  <li key={`${f.code}-${f.direction ?? 0}-${f.serial ?? 0}`}>{failureLine(f, t, i18n.language)}</li>
                ))}
              </ul>
            }
          />
        )}
        <Space className="hw-line-editor__buttons">
          <Button onClick={onClose}>{t('basicLines.editor.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="line-editor-save">
            {t('basicLines.editor.save')}
          </Button>
        </Space>
      </div>
      <TiledMap
        center={[view.lng, view.lat]}
        zoom={view.zoom}
        className="hw-line-editor__map"
        testId="line-editor-map"
        labels={{
          name: t('basicLines.editor.mapName'),
          zoomIn: t('basicLines.editor.zoomIn'),
          zoomOut: t('basicLines.editor.zoomOut'),
          tilesUnavailable: t('basicLines.editor.tilesUnavailable'),
        }}
      >
        <LinePathEditor
          path={draft.path}
          stations={draft.stations}
          other={other}
          mode={mode}
          resetKey={`${active}-${generation}`}
          onPath={(path) => update({ path })}
          onPlace={place}
        />
      </TiledMap>
    </div>
  );
}
