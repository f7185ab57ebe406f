import { createInterface } from 'node:readline';
import type { Fleet } from './fleet.ts';

/**
 * Typed commands that make a chosen bus raise an alarm now, for demos and manual tests (docs/simulator.md
 * "Alarms on request"): `sos 8212`, `adas 8212 1`, `dsm 3 2`, `help`. A vehicle is named by car name, plate,
 * terminal phone (or its last digits) or its 1-based index in the fleet.
 */
export const CONTROL_HELP = `commands:
  sos <vehicle> [seconds]   SOS alarm bit on for that long (default 60 s)
  adas <vehicle> [type]     ADAS alarm with evidence (1 forward collision, 2 lane departure, 3 headway)
  dsm <vehicle> [type]      DSM alarm with evidence (1 fatigue, 2 phone, 3 smoking, 4 distraction)
  help
<vehicle>: car name, plate, terminal phone (or its last digits) or 1-based index`;

function int(text: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** Runs one command line; returns what to print. */
export function runControlCommand(fleet: Pick<Fleet, 'find'>, line: string): string {
  const [command = '', target, extra] = line.trim().split(/\s+/);
  const verb = command.toLowerCase();
  if (verb === '') return '';
  if (verb === 'help' || verb === '?') return CONTROL_HELP;
  if (verb !== 'sos' && verb !== 'adas' && verb !== 'dsm') return `unknown command "${command}" (help lists them)`;
  if (!target) return `${verb}: which vehicle? (help)`;
  const found = fleet.find(target);
  if (!found) return `${verb}: no vehicle "${target}"`;
  const { spec, terminal } = found;
  const who = `${spec.carName} (${spec.phone})`;
  let what: string;
  if (verb === 'sos') {
    const seconds = int(extra, 60, 1, 3600);
    terminal.triggerAlarm('sos', seconds);
    what = `SOS on ${who} for ${seconds} s`;
  } else {
    const type = int(extra, 1, 1, verb === 'adas' ? 3 : 4);
    terminal.triggerSafety(verb, type);
    what = `${verb.toUpperCase()} alarm type ${type} on ${who}`;
  }
  // Reported now rather than at the next interval; kept and sent on reconnect when offline.
  terminal.report();
  return terminal.online ? what : `${what} (offline: reported when it reconnects)`;
}

/** Reads commands from `input` line by line (the CLI's and `npm start`'s terminal); returns how to stop. */
export function attachControl(
  fleet: Pick<Fleet, 'find'>,
  input: NodeJS.ReadableStream,
  print: (text: string) => void,
): () => void {
  const rl = createInterface({ input, terminal: false });
  rl.on('line', (line) => {
    const out = runControlCommand(fleet, line);
    if (out) print(out);
  });
  return () => rl.close();
}
