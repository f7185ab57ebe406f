import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { RateLimitedLog } from '../../gateway/log-limit.ts';
import type { GatewayMetrics } from '../../gateway/metrics.ts';
import type { Database } from '../../store/schema.ts';
import { DEFAULT_EVIDENCE_OPTIONS, type EvidenceOptions } from './options.ts';
import type { EvidenceStore } from './store.ts';
import { EvidenceUpload } from './upload.ts';

export interface EvidenceIntakeDeps {
  db: Kysely<Database>;
  store: EvidenceStore;
  logger: Logger;
  metrics: GatewayMetrics['attachments'];
  options?: Partial<EvidenceOptions>;
  /** Epoch seconds (tests). */
  now?: () => number;
}

/**
 * What the attachment port hands uploads to: the store, the limits shared by every connection (bytes in flight),
 * and which connection is writing which file, so a terminal that reconnects mid-file takes the file over rather
 * than writing beside its stale connection.
 */
export class EvidenceIntake {
  readonly db: Kysely<Database>;
  readonly store: EvidenceStore;
  readonly options: EvidenceOptions;
  readonly metrics: GatewayMetrics['attachments'];
  readonly logger: Logger;
  readonly log: RateLimitedLog;
  readonly now: () => number;
  private inFlight = 0;
  private readonly writers = new Map<string, EvidenceUpload>();

  constructor(deps: EvidenceIntakeDeps) {
    this.db = deps.db;
    this.store = deps.store;
    this.options = { ...DEFAULT_EVIDENCE_OPTIONS, ...deps.options };
    this.metrics = deps.metrics;
    this.logger = deps.logger;
    this.log = new RateLimitedLog(deps.logger);
    this.now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** Declared bytes of the files being received now. */
  get bytesInFlight(): number {
    return this.inFlight;
  }

  /** One attachment connection's upload (`remote`: the peer address, for logs). */
  upload(remote: string): EvidenceUpload {
    return new EvidenceUpload(this, remote);
  }

  reserve(bytes: number): boolean {
    if (this.inFlight + bytes > this.options.maxBytesInFlight) return false;
    this.inFlight += bytes;
    return true;
  }

  release(bytes: number): void {
    this.inFlight = Math.max(0, this.inFlight - bytes);
  }

  /** `upload` now writes `path`; the connection that wrote it before (if still open) lets it go. */
  claim(path: string, upload: EvidenceUpload): void {
    const previous = this.writers.get(path);
    this.writers.set(path, upload);
    if (previous && previous !== upload) previous.abandon(path);
  }

  unclaim(path: string, upload: EvidenceUpload): void {
    if (this.writers.get(path) === upload) this.writers.delete(path);
  }
}
