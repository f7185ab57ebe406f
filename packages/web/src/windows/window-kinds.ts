// The modal windows "openable from any page" (product spec section 4) that issues 12 and 13 add, with what each needs to
// open. A window's component is the default export of its module (window-host.tsx loads it on first open) and
// takes these props plus `onClose`.

/** A vehicle as the info box, the line map and the alarm centre know it. */
export interface WindowVehicle {
  car_id: number;
  car_name: string;
  imei: string;
  /** The line it runs now, when known. */
  route_code?: string;
}

export interface WindowProps {
  /** Map track replay (1000×600, last hour by default): features/tracks/map-replay/MapReplayWindow.tsx. */
  mapReplay: { vehicle: WindowVehicle };
  /** Vehicle tracking (1000×600): features/tracks/trace/TraceWindow.tsx. */
  trace: { vehicle: WindowVehicle };
  /** Emulated replay (1100×560): features/lines/emulated-replay/EmulatedReplayWindow.tsx. */
  emulatedReplay: { route_code?: string; vehicle?: WindowVehicle };
  /** Traffic (1000×550): features/lines/traffic/TrafficWindow.tsx. */
  traffic: { route_code: string };
  /** Passenger chart (floating): features/passengers/PassengerChart.tsx. */
  passengerChart: { vehicle: WindowVehicle };
  /** Chat (800×550; 1150 with history): features/messages/chat/ChatWindow.tsx. Vehicles ticked at open. */
  chat: { vehicles: WindowVehicle[] };
  /** Command (900×550): features/commands/command-window/CommandWindow.tsx. */
  command: { vehicle: WindowVehicle };
  /** Device snapshot (900×600): features/commands/snapshot/SnapshotWindow.tsx. */
  snapshot: { vehicle: WindowVehicle };
  /** Live video (900×680): features/video/live/LiveVideoWindow.tsx. */
  liveVideo: { vehicle: WindowVehicle };
  /** Talk (182×210): features/video/talk/TalkWindow.tsx. */
  talk: { vehicle: WindowVehicle };
}

export type WindowKind = keyof WindowProps;
