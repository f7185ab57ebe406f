import { join } from 'node:path';
import type { HeadwayClient } from '@headway/server/test-client';
import Database from 'better-sqlite3';
import { type StandingFleet, standingBuses } from './command-terminal.ts';

// Video e2e support: a demo bus standing at a stop as the simulator's own terminal, whose media side (terminal/media/)
// answers 0x9101 by streaming the shared JT/T 1078 capture on each requested channel and echoes talk audio. The demo
// buses have four cameras; the nine-window test needs nine, so the vehicle's `channel` list is rewritten in the
// server's SQLite store (no API edits vehicles in this build; the console reads the list fresh each time).

export const NINE_CAMERAS = 'Front,Door,Saloon,Rear*,Driver,Left,Right,Step,Roof';

export async function cameraBus(
  admin: HeadwayClient,
  gatewayPort: number,
  dataDir: string,
  fromEnd: number,
  channel = NINE_CAMERAS,
): Promise<StandingFleet> {
  const fleet = await standingBuses(admin, gatewayPort, [fromEnd], 10);
  const bus = fleet.buses[0];
  if (!bus) throw new Error('no camera bus');
  const db = new Database(join(dataDir, 'headway.db'));
  try {
    db.prepare('UPDATE vehicles SET channel = ? WHERE id = ?').run(channel, bus.car.car_id);
  } finally {
    db.close();
  }
  return fleet;
}

/**
 * Installed before the console loads: records each WebSocket-FLV viewer the page opens — its URL, and the FLV
 * timestamp of the first video frame it received. mpegts.js counts the <video>'s time from that frame, so
 * FLV time = first + mediaTime; with the media server's clock samples (/media/stats) that gives, per presented
 * frame, when it reached the media port.
 */
export function flvProbeScript(): void {
  const probes: { url: string; firstVideoMs: number | null; opened: number }[] = [];
  (window as unknown as { __flvProbes: typeof probes }).__flvProbes = probes;
  const Native = window.WebSocket;
  class Probe extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      const href = String(url);
      if (!href.includes('/media/live.flv')) return;
      const probe = { url: href, firstVideoMs: null as number | null, opened: Date.now() };
      probes.push(probe);
      let pending = new Uint8Array(0);
      let headerDone = false;
      this.addEventListener('message', (event: MessageEvent) => {
        if (probe.firstVideoMs !== null || !(event.data instanceof ArrayBuffer)) return;
        const chunk = new Uint8Array(event.data);
        const all = new Uint8Array(pending.length + chunk.length);
        all.set(pending);
        all.set(chunk, pending.length);
        let at = 0;
        if (!headerDone) {
          if (all.length < 13) {
            pending = all;
            return;
          }
          at = 13; // FLV header (9) + PreviousTagSize0 (4)
          headerDone = true;
        }
        while (at + 11 <= all.length) {
          const type = all[at] ?? 0;
          const size = ((all[at + 1] ?? 0) << 16) | ((all[at + 2] ?? 0) << 8) | (all[at + 3] ?? 0);
          const ts =
            (((all[at + 7] ?? 0) << 24) |
              ((all[at + 4] ?? 0) << 16) |
              ((all[at + 5] ?? 0) << 8) |
              (all[at + 6] ?? 0)) >>>
            0;
          if (at + 11 + size + 4 > all.length) break;
          const first = all[at + 11] ?? 0;
          // A video tag that is not the sequence header: AVC packet type 1, or an enhanced-RTMP coded frame.
          const enhanced = (first & 0x80) !== 0;
          const packetType = enhanced ? first & 0x0f : (all[at + 12] ?? 0);
          if (type === 9 && ((enhanced && packetType !== 0) || (!enhanced && packetType === 1))) {
            probe.firstVideoMs = ts;
            return;
          }
          at += 11 + size + 4;
        }
        pending = all.slice(at);
      });
    }
  }
  window.WebSocket = Probe as typeof WebSocket;
}
