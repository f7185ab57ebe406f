import { describe, expect, it } from 'vitest';
import { STATE_BITS_FROM_TERMINAL, StateMask, stateFromTerminal } from './state-bits.ts';
import { TERMINAL_STATUS_BITS, TerminalStatusMask, terminalLoad } from './terminal-status-bits.ts';

describe('platform state word from the terminal status word', () => {
  it('copies ACC, fix, doors 1–3 and the GNSS systems by position, nothing else', () => {
    expect(STATE_BITS_FROM_TERMINAL).toBe((1 << 0) | (1 << 1) | (1 << 13) | (1 << 14) | (1 << 15) | (0xf << 18));
    // Terminal bits that mean something else on the platform side stay out: south (2), west (3), bit 4
    // (out of service there, online here), encrypted (5), load (8–9), door 4 (16), moving (22).
    const foreign = TerminalStatusMask.south | TerminalStatusMask.west | TerminalStatusMask.outOfService;
    expect(stateFromTerminal(foreign | TerminalStatusMask.moving | (3 << 8), 0) & ~StateMask.outOfService).toBe(
      StateMask.online,
    );
  });

  it('sets online, running above 0 km/h, and out of service from the terminal bit 4', () => {
    const status = TerminalStatusMask.accOn | TerminalStatusMask.gpsValid | TerminalStatusMask.door1Open;
    expect(stateFromTerminal(status, 30)).toBe(
      StateMask.accOn | StateMask.gpsValid | StateMask.door1Open | StateMask.online | StateMask.running,
    );
    expect(stateFromTerminal(TerminalStatusMask.outOfService, 0)).toBe(StateMask.online | StateMask.outOfService);
  });

  it('reads the load field of bits 8–9', () => {
    expect(terminalLoad(3 << 8)).toBe(3);
    expect(terminalLoad((1 << 8) | TerminalStatusMask.accOn)).toBe(1);
    const bits: number[] = Object.values(TERMINAL_STATUS_BITS).map((d) => d.bit);
    expect(bits.includes(8) || bits.includes(9)).toBe(false);
  });
});
