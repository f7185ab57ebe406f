// Route progress: map matching, station arrival/departure, deviation and ETA. Pure: no I/O. (The display state
// is a spec rule: @headway/spec display-states.ts.)
export {
  type AccuracyReport,
  type DetectedEvent,
  type ErrorStats,
  measureAccuracy,
  type TruthVisit,
} from './accuracy.ts';
export { type LinePlanLike, type LineRowsLike, lineFromPlan, lineFromRows, parseSpecPath } from './adapter.ts';
export type { CompiledLine } from './compile.ts';
export { RouteProgressEngine } from './engine.ts';
export type { SegmentTimes } from './history.ts';
export { DEFAULT_OPTIONS, type ProgressOptions } from './options.ts';
export { type RecordedVehicle, type ReplayResult, replayAccuracy } from './replay.ts';
export {
  type SimulatorTruthRecord,
  type TruthOptions,
  truthFromSimulator,
  truthFromSimulatorJsonl,
} from './simulator-truth.ts';
export type * from './types.ts';
export type { TripPlan } from './vehicle.ts';
