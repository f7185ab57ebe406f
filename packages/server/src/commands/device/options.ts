import { TERMINAL_CONTROL } from '@headway/spec';

/** Settings of the device command routes (docs/commands.md); each from its HEADWAY_* variable. */
export interface DeviceCommandOptions {
  /**
   * The 0x8105 command word "log" sends: JT/T 808 has none, vendors use private words
   * (HEADWAY_TERMINAL_LOG_COMMAND, decimal or 0x…; default TERMINAL_CONTROL.log).
   */
  logCommand: number;
  /** How long a snapshot waits for the picture after the terminal's 0x0805 (HEADWAY_SNAPSHOT_WAIT_MS, 30 s). */
  snapshotWaitMs: number;
  /** How often it looks for it in the snapshots table, which any node's gateway may fill. */
  snapshotPollMs: number;
  /** Rows one command-log export holds at most (the top ones; the spec's 65,535). */
  exportMaxRows: number;
}

export const DEFAULT_DEVICE_COMMAND_OPTIONS: DeviceCommandOptions = {
  logCommand: TERMINAL_CONTROL.log,
  snapshotWaitMs: 30_000,
  snapshotPollMs: 200,
  exportMaxRows: 65_535,
};

function integer(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be an integer 0–${max}, got "${value}"`);
  return n;
}

export function deviceCommandOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DeviceCommandOptions {
  const d = DEFAULT_DEVICE_COMMAND_OPTIONS;
  return {
    ...d,
    logCommand: integer('HEADWAY_TERMINAL_LOG_COMMAND', env.HEADWAY_TERMINAL_LOG_COMMAND, d.logCommand, 0xff),
    snapshotWaitMs: integer('HEADWAY_SNAPSHOT_WAIT_MS', env.HEADWAY_SNAPSHOT_WAIT_MS, d.snapshotWaitMs, 600_000),
  };
}
