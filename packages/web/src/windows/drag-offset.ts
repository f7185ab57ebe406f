/** A window's displacement from where the modal placed it, in CSS pixels. */
export interface Offset {
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
}

/** How much of a moved window must stay on screen: enough of the title bar to grab it again. */
const KEEP_VISIBLE_X = 96;
const KEEP_VISIBLE_Y = 40;
const KEY_STEP = 10;
const KEY_STEP_LARGE = 50;

/**
 * The offset `next`, limited so the window's title bar stays reachable in the viewport. `box` is where the window
 * is now, drawn at `current`.
 */
export function clampOffset(
  next: Offset,
  current: Offset,
  box: Box,
  viewport: { width: number; height: number },
): Offset {
  const left = box.left + next.x - current.x;
  const top = box.top + next.y - current.y;
  const clampedLeft = Math.min(Math.max(left, KEEP_VISIBLE_X - box.width), viewport.width - KEEP_VISIBLE_X);
  const clampedTop = Math.min(Math.max(top, 0), viewport.height - KEEP_VISIBLE_Y);
  return { x: next.x + clampedLeft - left, y: next.y + clampedTop - top };
}

/** The offset after an arrow key on the title bar (Shift: a larger step); undefined for any other key. */
export function stepOffset(current: Offset, key: string, large: boolean): Offset | undefined {
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: current.x - step, y: current.y };
    case 'ArrowRight':
      return { x: current.x + step, y: current.y };
    case 'ArrowUp':
      return { x: current.x, y: current.y - step };
    case 'ArrowDown':
      return { x: current.x, y: current.y + step };
    default:
      return undefined;
  }
}
