/** Limits of the attachment server and where terminals are told to upload (docs/evidence.md "Configuration"). */
export interface EvidenceOptions {
  /** Largest file accepted: the spec's attachment limit, 20 MB. */
  maxFileBytes: number;
  /** Files kept per alarm (a terminal listing more gets the first ones). */
  maxFilesPerAlarm: number;
  /** Declared bytes of all files being received at once, over every connection. */
  maxBytesInFlight: number;
  /** 0x1212 rounds answered with missing ranges before the platform gives the file up. */
  maxResendRounds: number;
  /**
   * Address put in 0x9208 for the terminal to connect to (HEADWAY_ATTACHMENT_HOST). Empty: the local address the
   * terminal's own JT/T 808 connection reached, right when terminals reach the server directly (no NAT).
   */
  publicHost: string;
  /** Port put in 0x9208 (HEADWAY_ATTACHMENT_PUBLIC_PORT); 0: the attachment port the gateway listens on. */
  publicPort: number;
  /** How long to wait for the terminal's 0x0001 to a 0x9208. */
  requestTimeoutMs: number;
  /** Evidence files older than this many days are deleted (HEADWAY_EVIDENCE_RETENTION_DAYS); 0 keeps them all. */
  retentionDays: number;
}

export const DEFAULT_EVIDENCE_OPTIONS: EvidenceOptions = {
  maxFileBytes: 20 * 1024 * 1024,
  maxFilesPerAlarm: 16,
  maxBytesInFlight: 512 * 1024 * 1024,
  maxResendRounds: 3,
  publicHost: '',
  publicPort: 0,
  requestTimeoutMs: 10_000,
  retentionDays: 90,
};

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** HEADWAY_ATTACHMENT_* variables over the defaults. */
export function evidenceOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EvidenceOptions {
  const d = DEFAULT_EVIDENCE_OPTIONS;
  return {
    ...d,
    publicHost: env.HEADWAY_ATTACHMENT_HOST?.trim() || d.publicHost,
    publicPort: int(env, 'HEADWAY_ATTACHMENT_PUBLIC_PORT', d.publicPort),
    maxFileBytes: int(env, 'HEADWAY_ATTACHMENT_MAX_FILE_MB', d.maxFileBytes / 1024 / 1024) * 1024 * 1024,
    maxBytesInFlight: int(env, 'HEADWAY_ATTACHMENT_MAX_IN_FLIGHT_MB', d.maxBytesInFlight / 1024 / 1024) * 1024 * 1024,
    retentionDays: int(env, 'HEADWAY_EVIDENCE_RETENTION_DAYS', d.retentionDays),
  };
}
