import type { RegionType } from '@headway/spec';
import { useCallback, useState } from 'react';

// The drawing shared by the shape form and the map it is drawn on. The two may sit apart (the editor dialog has
// the form beside its own map; the fence selector floats over the live map), so the state lives in the parent and
// both read it: the form for what to save, <RegionDraw> for what to show.

/** What adding a region starts with: a circle, the quickest shape to draw (press, drag, release). */
export const DEFAULT_REGION_TYPE: RegionType = 1;

/** A place to go to from the coordinate box; `seq` makes the same place a new request. */
export interface DrawGoto {
  lat: number;
  lng: number;
  seq: number;
}

export interface RegionDrawingState {
  type: RegionType;
  /** The drawn shape as `region_point` (stored normal form), null while nothing usable is drawn. */
  point: string | null;
  /** The shape the map starts from after a reset (an edited region's), null to start empty. */
  initial: string | null;
  /** Bumped to throw the drawing away and start again. */
  resetKey: number;
  goto: DrawGoto | null;
}

export interface RegionDrawing extends RegionDrawingState {
  /** A new type clears the drawing (spec: "changing the type clears the drawing"). */
  setType: (type: RegionType) => void;
  setPoint: (point: string | null) => void;
  clear: () => void;
  goTo: (lat: number, lng: number) => void;
}

export function useRegionDrawing(start: { type: RegionType; point: string | null }): RegionDrawing {
  const [state, setState] = useState<RegionDrawingState>(() => ({
    type: start.type,
    point: start.point,
    initial: start.point,
    resetKey: 0,
    goto: null,
  }));
  const setType = useCallback(
    (type: RegionType) =>
      setState((s) =>
        s.type === type ? s : { ...s, type, point: null, initial: null, resetKey: s.resetKey + 1, goto: null },
      ),
    [],
  );
  const setPoint = useCallback((point: string | null) => setState((s) => ({ ...s, point })), []);
  const clear = useCallback(
    () => setState((s) => ({ ...s, point: null, initial: null, resetKey: s.resetKey + 1, goto: null })),
    [],
  );
  const goTo = useCallback(
    (lat: number, lng: number) => setState((s) => ({ ...s, goto: { lat, lng, seq: (s.goto?.seq ?? 0) + 1 } })),
    [],
  );
  return { ...state, setType, setPoint, clear, goTo };
}
