import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type AlarmRules, DEFAULT_ALARM_RULES, loadAlarmRules } from '../alarms/detection/rules.ts';
import type { Database } from '../store/schema.ts';
import {
  type LineInfo,
  lineKey,
  linesSignature,
  loadEmployees,
  loadLines,
  loadVehicles,
  type VehicleInfo,
  vehicleKey,
} from './directory.ts';
import type { CompanyEngines } from './engines.ts';

/** Positions of vehicles the cache does not know reload it at most this often. */
const MISS_REFRESH_MS = 10_000;

/**
 * The directory (directory.ts) held in memory for the hot path, and the engines' lines kept in step with it:
 * reloaded on a timer, at once (rate-limited) when an unknown vehicle reports, and on demand (a route editor).
 */
export class DirectoryCache {
  private vehicles = new Map<string, VehicleInfo>();
  private employees = new Map<string, string>();
  private lineInfos = new Map<string, LineInfo>();
  private rules = new Map<number, AlarmRules>();
  private signature = '';
  private refreshing: Promise<void> | undefined;
  private lastMissRefresh = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engines: CompanyEngines,
    private readonly logger: Logger,
  ) {}

  vehicle(companyId: number, terminalPhone: string): VehicleInfo | undefined {
    return this.vehicles.get(vehicleKey(companyId, terminalPhone));
  }

  /** An employee's name by employee number (the IC-card item carries only the number). */
  employeeName(companyId: number, empNo: string): string | undefined {
    return this.employees.get(`${companyId}|${empNo}`);
  }

  /** The company's platform-alarm thresholds (companies.config `alarm_rules`), reloaded with the vehicles. */
  alarmRules(companyId: number): Readonly<AlarmRules> {
    return this.rules.get(companyId) ?? DEFAULT_ALARM_RULES;
  }

  line(companyId: number, routeCode: string): LineInfo | undefined {
    return this.lineInfos.get(lineKey(companyId, routeCode));
  }

  hasLine(companyId: number, routeCode: string): boolean {
    return this.lineInfos.has(lineKey(companyId, routeCode));
  }

  get lineCount(): number {
    return this.lineInfos.size;
  }

  lines(): Iterable<LineInfo> {
    return this.lineInfos.values();
  }

  startRefreshing(intervalMs: number): void {
    this.timer = setInterval(() => void this.refresh(false), intervalMs);
    this.timer.unref();
  }

  stopRefreshing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A position names a vehicle the cache does not know: reload the vehicles, at most every 10 s. */
  missed(): void {
    const now = Date.now();
    if (now - this.lastMissRefresh < MISS_REFRESH_MS) return;
    this.lastMissRefresh = now;
    void this.refresh(false, true);
  }

  /** Vehicles, employees and alarm rules always; lines when forced or when their signature changed. Never throws. */
  refresh(force: boolean, vehiclesOnly = false): Promise<void> {
    this.refreshing ??= this.reload(force, vehiclesOnly)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'ingest directory refresh failed'))
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private async reload(force: boolean, vehiclesOnly: boolean): Promise<void> {
    this.vehicles = await loadVehicles(this.db);
    this.employees = await loadEmployees(this.db);
    this.rules = await loadAlarmRules(this.db);
    if (vehiclesOnly && !force) return;
    const signature = await linesSignature(this.db);
    if (!force && signature === this.signature) return;
    this.signature = signature;
    const lines = await loadLines(this.db);
    for (const [key, line] of lines) {
      const held = this.lineInfos.get(key);
      // An unchanged line is not recompiled (setLine would keep its learned times, but compiling costs).
      if (held && held.fingerprint === line.fingerprint) continue;
      this.engines.of(line.companyId).setLine(line.geometry);
    }
    for (const [key, line] of this.lineInfos) {
      if (!lines.has(key)) this.engines.existing(line.companyId)?.removeLine(line.routeCode);
    }
    this.lineInfos = lines;
  }
}
