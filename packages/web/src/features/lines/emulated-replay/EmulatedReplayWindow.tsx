import { MAP_REPLAY_DEFAULT_SECONDS, TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { App, Empty } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../shell/settings/use-settings';
import type { WindowProps } from '../../../windows/window-kinds';
import { linesApi, linesKeys } from '../api';
import { LineDiagram } from '../diagram/LineDiagram';
import { rosterOf } from '../line-map/roster';
import { loadEvents, MAX_REPLAY_EVENTS, type SearchProblem, searchProblem } from './load-events';
import { PlayerBar } from './PlayerBar';
import { EmulatedReplay, type ReplayEvent, tripStartPositions } from './replay-machine';
import { replayVehicles } from './replay-vehicles';
import { SearchCard, type SearchValues } from './SearchCard';
import './emulated-replay.css';
import { ToolWindow } from '../../../windows/ToolWindow';

const PROBLEM_KEYS: Record<SearchProblem, 'lines.replay.needLine' | 'lines.replay.needRange' | 'lines.replay.tooLong'> =
  {
    needLine: 'lines.replay.needLine',
    needRange: 'lines.replay.needRange',
    tooLong: 'lines.replay.tooLong',
  };

/**
 * The emulated replay window (1100×560, spec section 4): the station events of a line — of one vehicle when chosen —
 * played on the line map's diagram. Opened with a line (from the line map) or a vehicle (its info box, its chip), it
 * searches the last hour at once.
 */
export default function EmulatedReplayWindow(props: WindowProps['emulatedReplay'] & { onClose: () => void }) {
  const { t } = useTranslation('lines');
  const { message } = App.useApp();
  const layout = useSettings((s) => (s.line_map_type === 1 ? 'vertical' : 'compact'));
  const lines = useQuery({ queryKey: linesKeys.lines, queryFn: linesApi.lines, staleTime: 10 * 60_000 });
  const tree = useQuery({ queryKey: linesKeys.tree, queryFn: linesApi.tree, staleTime: 10 * 60_000 });
  const roster = useMemo(() => rosterOf(tree.data), [tree.data]);

  const [values, setValues] = useState<SearchValues>(() => {
    const end = dayjs();
    return {
      range: [end.subtract(MAP_REPLAY_DEFAULT_SECONDS, 'second'), end],
      route_code: props.route_code ?? props.vehicle?.route_code,
      car_id: props.vehicle?.car_id,
    };
  });
  const [replay] = useState(() => new EmulatedReplay());
  useEffect(() => () => replay.dispose(), [replay]);
  const snapshot = useSyncExternalStore(replay.subscribe, replay.snapshot);
  const [played, setPlayed] = useState<{ route_code: string; vehicleChosen: boolean; events: ReplayEvent[] } | null>(
    null,
  );
  const [loading, setLoading] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const search = useCallback(async () => {
    const query = {
      route_code: values.route_code ?? '',
      car_id: values.car_id,
      start_time: values.range?.[0].unix(),
      end_time: values.range?.[1].unix(),
    };
    const problem = searchProblem(query);
    if (problem) {
      void message.warning(t(PROBLEM_KEYS[problem], { days: TRACK_MAX_SPAN_DAYS }));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    replay.pause();
    setLoading(true);
    try {
      const result = await loadEvents(
        {
          route_code: query.route_code,
          car_id: query.car_id,
          start_time: query.start_time as number,
          end_time: query.end_time as number,
        },
        linesApi.departArrive,
        (loaded, total) => setProgress(t('lines.replay.searching', { loaded, total })),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      if (result.kind === 'none') {
        void message.warning(t('lines.replay.noData'));
        return;
      }
      if (result.kind === 'tooMany') {
        void message.warning(t('lines.replay.tooMany', { max: MAX_REPLAY_EVENTS }));
        return;
      }
      setPlayed({ route_code: query.route_code, vehicleChosen: query.car_id !== undefined, events: result.events });
      replay.load(result.events);
    } catch {
      // Told by the request client (or aborted by a newer search or the window closing).
    } finally {
      if (abort.current === controller) {
        setLoading(false);
        setProgress(null);
      }
    }
  }, [values, replay, message, t]);

  // Opened for a line or a vehicle: replay its last hour straight away.
  const searched = useRef(false);
  useEffect(() => {
    if (searched.current || !values.route_code) return;
    searched.current = true;
    void search();
  }, [search, values.route_code]);

  const line = lines.data?.find((l) => l.route_code === (played?.route_code ?? values.route_code));
  const vehicles = useMemo(() => {
    const list = [...(roster.byLine.get(values.route_code ?? '') ?? [])];
    const own = props.vehicle;
    if (own && !list.some((v) => v.car_id === own.car_id))
      list.unshift({ ...own, route_code: own.route_code ?? '', state: undefined });
    return list;
  }, [roster, values.route_code, props.vehicle]);

  const describe = useCallback(
    (e: ReplayEvent) =>
      `${e.car_name}: ${e.flag === 1 ? t('lines.replay.arrival') : t('lines.replay.departure')} ${e.station_name} ${dayjs
        .unix(e.event_time)
        .format('HH:mm:ss')}`,
    [t],
  );
  const shown = useMemo(
    () => (line && played ? replayVehicles(line, snapshot.vehicles, describe) : []),
    [line, played, snapshot.vehicles, describe],
  );
  const marks = useMemo(() => (played?.vehicleChosen ? tripStartPositions(played.events) : []), [played]);
  const current = played && snapshot.position > 0 ? played.events[snapshot.position - 1] : undefined;

  return (
    <ToolWindow
      open
      width={1100}
      title={t('lines.replay.title')}
      onCancel={props.onClose}
      footer={null}
      styles={{ body: { height: 480, display: 'flex', flexDirection: 'column', gap: 8 } }}
      data-testid="emulated-replay-window"
    >
      <SearchCard
        values={values}
        onChange={setValues}
        onSearch={() => void search()}
        lines={lines.data ?? []}
        vehicles={vehicles}
        loading={loading}
        progress={progress}
      />
      <div className="hw-replay__stage" data-testid="replay-stage" data-shown={shown.length}>
        {line && played ? (
          <LineDiagram line={line} layout={layout} vehicles={shown} />
        ) : (
          <Empty description={t('lines.replay.idle')} />
        )}
      </div>
      <PlayerBar replay={replay} snapshot={snapshot} current={current} marks={marks} />
    </ToolWindow>
  );
}
