import { GatewayOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendToLive } from '../../../live/client';
import {
  BaseTileLayer,
  LinesLayer,
  MapProvider,
  providerOf,
  readViewport,
  StationsLayer,
  type TileStatus,
} from '../../../map';
import { useSettings } from '../../../shell/settings/use-settings';
import { RegionsLayer, RegionsLegend, RegionsToggle, useRegionsVisible } from '../../regions/layer';
import { InfoBox } from './components/InfoBox';
import { Legend } from './components/Legend';
import { LiveBadge } from './components/LiveBadge';
import { MapVehicles } from './components/MapVehicles';
import { type MapFocus, MapViewport } from './components/MapViewport';
import { TileNotice } from './components/TileNotice';
import { VehicleTree } from './components/VehicleTree';
import { useMapShapes } from './map-shapes';
import { useMonitoringData } from './use-monitoring-data';
import './monitoring-map.css';

/** The fence selector and its drawing tools load when first opened: most visits only watch. */
const FenceSelector = lazy(() =>
  import('../../regions/selector/FenceSelector').then((m) => ({ default: m.FenceSelector })),
);

/** Where a first visit opens before any vehicle is known: the demo's city; afterwards the stored viewport. */
const FALLBACK_VIEW = { lng: -74.15, lat: 40.58, zoom: 12 };

/** Monitoring → Map: the live vehicles of the company over its lines, with the tree and the info box. */
export default function MonitoringMapPage() {
  const { t, i18n } = useTranslation('monitoring');
  const mapType = useSettings((s) => s.mapType);
  const clustered = useSettings((s) => s.markerClusterer);
  const groupBy = useSettings((s) => s.vehicleTreeGroupBy);
  const refresh = useSettings((s) => s.refreshFrequency);
  const provider = providerOf(mapType);
  const data = useMonitoringData(groupBy, refresh);
  const { model, version } = data;

  const [initial] = useState(() =>
    readViewport(typeof localStorage === 'undefined' ? null : localStorage, FALLBACK_VIEW),
  );
  const hadViewport = useRef(initial !== FALLBACK_VIEW);
  const [tiles, setTiles] = useState<TileStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [fences, setFences] = useState(false);
  const [regionsVisible] = useRegionsVisible();

  // Every vehicle is checked until the user unchecks some.
  const [checked, setChecked] = useState<Set<string> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: roster marks a new set of vehicles
  const visible = useMemo(() => checked ?? new Set(model.keys), [checked, model, data.roster]);

  // Unchecking the open vehicle in the tree hides it from the map: its info box goes with it.
  useEffect(() => {
    if (selected !== null && !visible.has(selected)) setSelected(null);
  }, [selected, visible]);

  const centreOn = useCallback(
    (imei: string) => {
      const d = model.position(imei);
      if (d) setFocus((f) => ({ lng: d.lng, lat: d.lat, seq: (f?.seq ?? 0) + 1 }));
    },
    [model],
  );

  // First visit without a remembered viewport: frame the fleet once its positions are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks model changes
  useEffect(() => {
    if (!data.loaded || hadViewport.current) return;
    const centre = model.centre();
    if (!centre) return;
    hadViewport.current = true;
    setFocus((f) => ({ ...centre, zoom: 12, seq: (f?.seq ?? 0) + 1 }));
  }, [data.loaded, model, version]);

  // The worker sends the selected vehicle's full real_data with its changes.
  useEffect(() => sendToLive({ type: 'fleet-select', imei: selected }), [selected]);

  const pick = useCallback(
    (imei: string) => {
      setSelected(imei);
      centreOn(imei);
    },
    [centreOn],
  );
  const onStatus = useCallback((s: TileStatus) => setTiles(s), []);
  const root = useRef<HTMLDivElement>(null);
  const onDrawn = useCallback((n: number) => root.current?.setAttribute('data-vehicles', String(n)), []);
  const onRegionsDrawn = useCallback((n: number) => root.current?.setAttribute('data-regions', String(n)), []);
  const { paths, stations } = useMapShapes(data.lines);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks model changes
  const entrySnapshot = useMemo(() => (selected ? model.entry(selected) : undefined), [model, selected, version]);

  return (
    <div ref={root} className="hw-monitor" data-testid="monitoring-map">
      <aside className="hw-monitor__side">
        <VehicleTree
          nodes={data.tree}
          model={model}
          version={version}
          checked={visible}
          onCheck={setChecked}
          selected={selected}
          onPick={pick}
        />
      </aside>
      <section className={`hw-monitor__map${entrySnapshot ? ' hw-monitor__map--info' : ''}`}>
        <MapProvider
          datum={provider.datum}
          center={[initial.lng, initial.lat]}
          zoom={initial.zoom}
          labels={{
            name: t('monitoring.map.name'),
            zoomIn: t('monitoring.map.zoomIn'),
            zoomOut: t('monitoring.map.zoomOut'),
          }}
        >
          <BaseTileLayer provider={provider} language={i18n.language} attempt={attempt} onStatus={onStatus} />
          {regionsVisible && <RegionsLayer onDrawn={onRegionsDrawn} />}
          <LinesLayer paths={paths} />
          <StationsLayer stations={stations} />
          <MapVehicles
            model={model}
            onChanges={data.onChanges}
            visible={visible}
            selected={selected}
            onSelect={setSelected}
            clustered={clustered}
            onDrawn={onDrawn}
          />
          <MapViewport focus={focus} />
          {fences && (
            <Suspense fallback={null}>
              <FenceSelector onClose={() => setFences(false)} />
            </Suspense>
          )}
        </MapProvider>
        <div className="hw-monitor__tools">
          <RegionsToggle />
          <Tooltip title={t('monitoring.map.fences')}>
            <Button
              icon={<GatewayOutlined />}
              type={fences ? 'primary' : 'default'}
              aria-pressed={fences}
              aria-label={t('monitoring.map.fences')}
              onClick={() => setFences((open) => !open)}
              data-testid="fence-selector-open"
            />
          </Tooltip>
        </div>
        <div className="hw-monitor__status">
          <LiveBadge status={data.liveStatus} updatedAt={data.updatedAt} />
          {tiles === 'failed' && <TileNotice onRetry={() => setAttempt((a) => a + 1)} />}
        </div>
        <Legend />
        {regionsVisible && <RegionsLegend className="hw-monitor__regions-legend" />}
        {entrySnapshot && (
          <InfoBox
            entry={entrySnapshot}
            line={data.lineByCode.get(entrySnapshot.route_code)}
            onClose={() => setSelected(null)}
          />
        )}
      </section>
    </div>
  );
}
