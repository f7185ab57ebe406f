// Evidence from the vehicle (T/JSATL 12 attachments, docs/evidence.md): the attachment server's intake behind the
// gateway's attachment port, the 0x9208 requester, the file store and the HTTP routes.

export { alarmIdOf, alarmNumber, identOfAlarm } from './alarm-key.ts';
export { EvidenceIntake, type EvidenceIntakeDeps } from './intake.ts';
export { DEFAULT_EVIDENCE_OPTIONS, type EvidenceOptions, evidenceOptionsFromEnv } from './options.ts';
export { evidencePath, safeSegment } from './paths.ts';
export { EvidenceRequester, type RequestGateway } from './request.ts';
export { type RetentionDeps, startEvidenceRetention, sweepEvidence } from './retention.ts';
export { type EvidenceRouteDeps, evidenceRoutes } from './routes.ts';
export { type EvidenceStore, evidenceDir, LocalEvidenceStore, type ReadRange } from './store.ts';
