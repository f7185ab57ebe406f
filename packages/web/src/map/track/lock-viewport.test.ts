import { describe, expect, it } from 'vitest';
import { outsideInner } from './lock-viewport';

describe('lock viewport', () => {
  const margin = { x: 200, y: 175 };
  const size = [1000, 600];
  it('stays inside the inner area, leaves it past the margins', () => {
    expect(outsideInner([500, 300], size, margin)).toBe(false);
    expect(outsideInner([200, 175], size, margin)).toBe(false);
    expect(outsideInner([199, 300], size, margin)).toBe(true);
    expect(outsideInner([801, 300], size, margin)).toBe(true);
    expect(outsideInner([500, 174], size, margin)).toBe(true);
    expect(outsideInner([500, 426], size, margin)).toBe(true);
  });
  it('a small map keeps its middle third', () => {
    expect(outsideInner([150, 150], [300, 300], margin)).toBe(false);
    expect(outsideInner([90, 150], [300, 300], margin)).toBe(true);
  });
});
