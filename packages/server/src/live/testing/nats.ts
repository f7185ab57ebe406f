import { randomBytes } from 'node:crypto';
import { connect } from 'nats';

/** The NATS server the multi-node tests talk to (CI machines run one; so does the dev machine). */
export const NATS_TEST_URL = process.env.HEADWAY_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * Fails loudly when NATS is not reachable: a multi-node test that silently skipped would hide a broken bus.
 * Returns a subject prefix of its own, so parallel test runs on one server never see each other's messages.
 */
export async function requireNats(): Promise<string> {
  try {
    const nc = await connect({ servers: NATS_TEST_URL, timeout: 3000 });
    await nc.close();
  } catch (error) {
    throw new Error(
      `NATS is not reachable at ${NATS_TEST_URL} (${(error as Error).message}). The multi-node live tests need a ` +
        'running nats-server (set HEADWAY_TEST_NATS_URL to point elsewhere).',
    );
  }
  return `headway-test.${randomBytes(6).toString('hex')}.live`;
}
