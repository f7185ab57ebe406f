import type { FastifyRequest } from 'fastify';
import '../ingest/directory-signal.ts';

/**
 * A vehicle's binding (device, line) or a device changed: the ingest reloads its directory now rather than at its
 * timed refresh (issue 14 "a vehicle re-bound to another line is followed by the ingest at once"). The write is
 * committed; if the signal fails the timed refresh still catches up, so a failure is only logged.
 */
export function announceFleetChange(request: FastifyRequest, companyId: number): void {
  try {
    request.server.announceDirectoryChange?.(companyId);
  } catch (error) {
    request.log.warn({ err: error }, 'directory change announcement failed');
  }
}
