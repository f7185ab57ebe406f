import { PLAYBACK_START_ZOOM } from '@headway/spec';
import { Empty } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MapStation, StationsLayer, useMap } from '../../../../map';
import { MeasureTool } from '../../../../map/tools/MeasureTool';
import { TrackLineLayer } from '../../../../map/track/TrackLineLayer';
import { TrackPointsLayer } from '../../../../map/track/TrackPointsLayer';
import type { OwnLine } from '../../api';
import { TrackMapFrame } from '../../TrackMapFrame';
import type { PlaybackEngine } from '../engine';
import { POINT_COLOURS, POINT_KINDS } from '../point-look';
import type { TrackSet } from '../track-data';
import { InfoPanel } from './InfoPanel';
import { MapToolbar } from './MapToolbar';
import { PlayerBar, type PlayerSwitches } from './PlayerBar';
import { TrackTable } from './TrackTable';
import { VehicleMarkers } from './VehicleMarkers';

const KIND_COLOURS = POINT_KINDS.map((k) => POINT_COLOURS[k]);

/**
 * After a query: the first vehicle's point at zoom 16 (spec "Track replay"; the engine is at position 0). A map made
 * again later (keep-alive shows the screen again) frames where the player is.
 */
function FrameResult({ set, engine }: { set: TrackSet; engine: PlaybackEngine }) {
  const { map, project } = useMap();
  useEffect(() => {
    const vehicle = set.vehicles[0];
    const at = vehicle?.points[Math.max(0, engine.cursor(0))];
    if (!at) return;
    const view = map.getView();
    view.setCenter(project(at.lng, at.lat));
    view.setZoom(PLAYBACK_START_ZOOM);
  }, [map, project, set, engine]);
  return null;
}

function stationsOf(lines: readonly OwnLine[]): MapStation[] {
  const out: MapStation[] = [];
  for (const line of lines) {
    for (const d of line.directions) {
      for (const s of d.stations) {
        out.push({
          key: `${line.route_code}-${d.direction}-${s.serial}`,
          name: s.station_name,
          lng: s.lng,
          lat: s.lat,
        });
      }
    }
  }
  return out;
}

export interface TrackPlayerProps {
  engine: PlaybackEngine;
  set: TrackSet | null;
  /** Lines whose stops the "bus stops" switch shows. */
  stopLines: readonly OwnLine[];
  /** Where the map opens before a result (WGS-84 lng/lat, zoom). */
  home: { lng: number; lat: number; zoom: number };
  /** Shown over the map while there is no result (a loading state, say). */
  placeholder?: ReactNode;
}

/**
 * The player shared by the playback screen and the map-replay window: the map with the track drawn once per
 * result, the vehicle markers the engine moves, the info panel, the player bar and the table.
 */
export function TrackPlayer({ engine, set, stopLines, home, placeholder }: TrackPlayerProps) {
  const { t } = useTranslation('tracks');
  const [switches, setSwitches] = useState<PlayerSwitches>({
    points: false,
    locked: false,
    stops: false,
    table: false,
  });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState(0);
  const [measuring, setMeasuring] = useState(false);
  const [measured, setMeasured] = useState<number[]>([]);

  // A new result shows every vehicle and follows its first one.
  useEffect(() => {
    if (!set) return;
    setHidden(new Set());
    setSelected(0);
  }, [set]);

  const lines = useMemo(
    () => (set?.vehicles ?? []).map((v) => ({ key: String(v.car_id), colour: v.colour, points: v.points })),
    [set],
  );
  const series = useMemo(
    () =>
      (set?.vehicles ?? []).map((v) => ({
        key: String(v.car_id),
        points: v.points,
        kinds: Uint8Array.from(v.positions, (p) => set?.kinds[p] ?? 0),
      })),
    [set],
  );
  const stations = useMemo(() => stationsOf(stopLines), [stopLines]);
  const onSwitch = (key: keyof PlayerSwitches, on: boolean) => setSwitches((s) => ({ ...s, [key]: on }));
  const hasResult = set !== null && set.length > 0;

  return (
    <div className={`hw-track-player${switches.table && hasResult ? ' hw-track-player--table' : ''}`}>
      <div className="hw-track-player__map">
        <TrackMapFrame center={[home.lng, home.lat]} zoom={home.zoom}>
          {hasResult && (
            <>
              <FrameResult set={set} engine={engine} />
              <TrackLineLayer lines={lines} hidden={hidden} />
              {switches.points && <TrackPointsLayer series={series} colours={KIND_COLOURS} hidden={hidden} />}
              <VehicleMarkers
                engine={engine}
                set={set}
                selected={selected}
                hidden={hidden}
                locked={switches.locked}
                onSelect={setSelected}
              />
            </>
          )}
          {switches.stops && <StationsLayer stations={stations} />}
          <MeasureTool active={measuring} onChange={setMeasured} />
        </TrackMapFrame>
        <MapToolbar
          set={set}
          hidden={hidden}
          onHidden={setHidden}
          measuring={measuring}
          onMeasuring={setMeasuring}
          measured={measured}
          showLegend={switches.points && hasResult}
        />
        {hasResult ? (
          <InfoPanel engine={engine} set={set} vehicle={selected} />
        ) : (
          <div className="hw-track-player__empty">
            {placeholder ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tracks.player.empty')} />}
          </div>
        )}
      </div>
      {hasResult && (
        <PlayerBar
          engine={engine}
          set={set}
          switches={switches}
          onSwitch={onSwitch}
          stopsAvailable={stations.length > 0}
        />
      )}
      {hasResult && switches.table && <TrackTable engine={engine} set={set} />}
    </div>
  );
}
