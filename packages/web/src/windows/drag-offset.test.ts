import { describe, expect, it } from 'vitest';
import { clampOffset, stepOffset } from './drag-offset';

const viewport = { width: 1440, height: 900 };
const box = { left: 220, top: 100, width: 1000 };

describe('clampOffset', () => {
  it('moves freely while the title bar stays on screen', () => {
    expect(clampOffset({ x: -100, y: 50 }, { x: 0, y: 0 }, box, viewport)).toEqual({ x: -100, y: 50 });
  });

  it('keeps the title bar below the top edge and above the bottom edge', () => {
    expect(clampOffset({ x: 0, y: -500 }, { x: 0, y: 0 }, box, viewport)).toEqual({ x: 0, y: -100 });
    expect(clampOffset({ x: 0, y: 2000 }, { x: 0, y: 0 }, box, viewport)).toEqual({ x: 0, y: 900 - 40 - 100 });
  });

  it('keeps enough of the window to grab at either side', () => {
    // Left: the window's right edge at least 96 px into the viewport.
    expect(clampOffset({ x: -5000, y: 0 }, { x: 0, y: 0 }, box, viewport).x).toBe(96 - 1000 - 220);
    // Right: the window's left edge at most 96 px from the viewport's right edge.
    expect(clampOffset({ x: 5000, y: 0 }, { x: 0, y: 0 }, box, viewport).x).toBe(1440 - 96 - 220);
  });

  it('reads the box where it is drawn now, at the current offset', () => {
    const moved = { left: 320, top: 100, width: 1000 };
    expect(clampOffset({ x: 100, y: -500 }, { x: 100, y: 0 }, moved, viewport)).toEqual({ x: 100, y: -100 });
  });
});

describe('stepOffset', () => {
  it('moves by 10 px per arrow key, 50 with Shift, and ignores other keys', () => {
    expect(stepOffset({ x: 0, y: 0 }, 'ArrowRight', false)).toEqual({ x: 10, y: 0 });
    expect(stepOffset({ x: 0, y: 0 }, 'ArrowUp', true)).toEqual({ x: 0, y: -50 });
    expect(stepOffset({ x: 0, y: 0 }, 'Enter', false)).toBeUndefined();
  });
});
