import { createWriteStream, type WriteStream } from 'node:fs';
import type { StationEvent } from '../motion/events.ts';

export interface TruthRecord extends StationEvent {
  phone: string;
  carName: string;
}

/**
 * Ground truth as JSON lines, one station arrival (flag 1) or departure (flag 2) per line, in the order the
 * simulator produced them: what the server's arrival/departure detection should find from the positions alone.
 */
export class GroundTruthWriter {
  private readonly out: WriteStream;
  count = 0;

  constructor(path: string) {
    this.out = createWriteStream(path, { flags: 'w' });
  }

  write(phone: string, carName: string, events: StationEvent[]): void {
    for (const e of events) {
      this.out.write(`${JSON.stringify({ phone, carName, ...e })}\n`);
      this.count++;
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(resolve));
  }
}
