/**
 * @headway/simulator — a virtual fleet of JT/T 808 terminals: the demo's data source and the load generator.
 * See docs/simulator.md.
 */
export { realClock, type SimClock, warpedClock } from './fleet/clock.ts';
export { attachControl, CONTROL_HELP, runControlCommand } from './fleet/control.ts';
export { type DemoFleet, type DemoFleetOptions, startDemoFleet } from './fleet/demo.ts';
export { demoFleetSpecs, peakTimeShift } from './fleet/demo-specs.ts';
export { StatsLine } from './fleet/display.ts';
export { LineDutySource, LoadDutySource } from './fleet/duty-sources.ts';
export { Fleet, type FleetOptions, type FleetVehicleSpec } from './fleet/fleet.ts';
export { GroundTruthWriter } from './fleet/ground-truth.ts';
export { loadPhone, loadVehicles } from './fleet/load-vehicles.ts';
export { demoFleetModule } from './fleet/module.ts';
export { sourceAddresses } from './fleet/source-addresses.ts';
export type { MotionState, StationEvent } from './motion/events.ts';
export { Rng } from './motion/rng.ts';
export { VehicleMotion } from './motion/vehicle.ts';
export { dutiesAt, loadFeedSchedule, simDuty } from './plan/from-feed.ts';
export { DEFAULT_RATES, DEMO_RATES, type EventRates } from './terminal/events.ts';
export { alarmEvidence, EVIDENCE_FILES_PER_ALARM, evidenceAsset } from './terminal/evidence.ts';
export { encodeBlockJpeg, snapshotJpeg } from './terminal/jpeg.ts';
export { FleetStats } from './terminal/stats.ts';
export { VirtualTerminal } from './terminal/terminal.ts';
