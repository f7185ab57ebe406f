import { describe, expect, it } from 'vitest';
import {
  checkDrafts,
  computeDraft,
  type DirectionDraft,
  directionInput,
  emptyDraft,
  insertStation,
  reversed,
  snapToPath,
  stationKey,
} from './direction-draft';

// The line editor's geometry: stations placed along a drawn path get their mileage and azimuth from it, stay in
// running order wherever they are clicked, and the draft is checked as the server will check it.

const path: DirectionDraft['path'] = [
  [13.75, 100.5],
  [13.75, 100.51],
  [13.76, 100.51],
];

function station(name: string, lat: number, lng: number) {
  return { key: stationKey(), name, lat, lng, stop_id: '' };
}

describe('line editor geometry', () => {
  it('snaps a clicked station onto the path', () => {
    expect(snapToPath(path, [13.7503, 100.505])).toEqual([13.75, 100.505]);
    expect(snapToPath(path, [13.755, 100.5103])).toEqual([13.755, 100.51]);
  });

  it('keeps stations in running order whatever order they are placed in', () => {
    let draft: DirectionDraft = { ...emptyDraft(1), path };
    for (const s of [station('End', 13.76, 100.51), station('Start', 13.75, 100.5), station('Corner', 13.75, 100.51)]) {
      draft = { ...draft, stations: insertStation(draft, s) };
    }
    expect(draft.stations.map((s) => s.name)).toEqual(['Start', 'Corner', 'End']);
  });

  it('computes mileage and azimuths along the path, and the totals', () => {
    const draft: DirectionDraft = {
      ...emptyDraft(1),
      path,
      stations: [station('Start', 13.75, 100.5), station('Corner', 13.75, 100.51), station('End', 13.76, 100.51)],
    };
    const { placed, distance, avg_station_km } = computeDraft(draft);
    expect(placed.map((p) => p.distance)).toEqual([0, 1081, 2194]);
    expect(placed.map((p) => p.azimuth)).toEqual([90, 90, 0]);
    expect(distance).toBe(2194);
    expect(avg_station_km).toBe(1.097);
    const input = directionInput(draft);
    expect(input.path).toBe('13.75,100.5|13.75,100.51|13.76,100.51');
    expect(input.style).toEqual({ strokeColor: '#FF0000', strokeWeight: 3, strokeOpacity: 0.5 });
    expect(checkDrafts(1, [draft])).toEqual([]);
  });

  it('reports the check failures before saving', () => {
    const up: DirectionDraft = { ...emptyDraft(1), path, stations: [station('Only', 13.75, 100.5)] };
    expect(checkDrafts(0, [up]).map((f) => f.code)).toEqual([2, 3]);
    expect(checkDrafts(0, [emptyDraft(1), emptyDraft(2)])).toEqual([{ code: 1 }]);
  });

  it('copies the way back reversed', () => {
    const up: DirectionDraft = {
      ...emptyDraft(1),
      path,
      stations: [station('Start', 13.75, 100.5), station('End', 13.76, 100.51)],
    };
    const down = reversed(up, 2);
    expect(down.direction).toBe(2);
    expect(down.path[0]).toEqual([13.76, 100.51]);
    expect(down.stations.map((s) => s.name)).toEqual(['End', 'Start']);
    expect(checkDrafts(0, [up, down])).toEqual([]);
  });
});
