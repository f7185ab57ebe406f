import { createLiveWorkerCore, type LiveWorkerCore } from '../live-worker-core';
import type { FromWorker, ToWorker } from '../worker-protocol';

// The live worker's core on the test's own thread, standing in for `Worker` (jsdom has none): live/client.ts
// talks to it through the real protocol, and a test plays the socket by handing it frame bodies. The STOMP
// transport (live.worker.ts) is the e2e tests' part.

export class InProcessLiveWorker {
  /** The instance live/client.ts created (it creates one per page). */
  static current: InProcessLiveWorker | null = null;

  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  /** Every command the page sent, in order. */
  readonly commands: ToWorker[] = [];
  readonly core: LiveWorkerCore = createLiveWorkerCore((message) =>
    this.onmessage?.({ data: message } as MessageEvent),
  );

  constructor() {
    InProcessLiveWorker.current = this;
  }

  postMessage(command: ToWorker): void {
    this.commands.push(command);
    if (command.type === 'open') this.onmessage?.({ data: { type: 'status', status: 'connected' } } as MessageEvent);
    else if (command.type === 'close')
      this.onmessage?.({ data: { type: 'status', status: 'offline' } } as MessageEvent);
    else this.core.onCommand(command);
  }

  /** A company-topic frame arriving on the socket. */
  frame(body: unknown): void {
    this.core.onBody(typeof body === 'string' ? body : JSON.stringify(body));
  }

  terminate(): void {}
}
