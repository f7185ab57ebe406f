import { AZIMUTH_STEP, AZIMUTH_STEPS, COLOUR_HEX, COLOURS } from './vehicle-style';

// One texture for all vehicles: a column per display colour, a row per 30° heading, each cell 32×32
// (spec section 9: icons 32x32, bottom-centre anchor). The WebGL layer picks a cell per vehicle with
// icon-offset, so colour and heading changes cost no texture upload.

export const ICON_SIZE = 32;

function drawCell(ctx: CanvasRenderingContext2D, x: number, y: number, colour: string, heading: number): void {
  const cx = x + ICON_SIZE / 2;
  const cy = y + 13;
  ctx.save();
  // Drop shadow under the pin.
  ctx.fillStyle = 'rgba(15,23,42,0.22)';
  ctx.beginPath();
  ctx.ellipse(cx, y + ICON_SIZE - 2, 5, 1.6, 0, 0, Math.PI * 2);
  ctx.fill();
  // Pin tail pointing at the position (bottom centre).
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(cx - 5, cy + 8);
  ctx.lineTo(cx, y + ICON_SIZE - 2);
  ctx.lineTo(cx + 5, cy + 8);
  ctx.closePath();
  ctx.fill();
  // Body.
  ctx.beginPath();
  ctx.arc(cx, cy, 11, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  // Heading arrow.
  ctx.translate(cx, cy);
  ctx.rotate((heading * Math.PI) / 180);
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.moveTo(0, -7);
  ctx.lineTo(5.5, 5);
  ctx.lineTo(0, 2.2);
  ctx.lineTo(-5.5, 5);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

let cached: string | undefined;

/** The atlas as a data URL (drawn once per page). */
export function vehicleSprite(): string {
  if (cached) return cached;
  const canvas = document.createElement('canvas');
  canvas.width = ICON_SIZE * COLOURS.length;
  canvas.height = ICON_SIZE * AZIMUTH_STEPS;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  COLOURS.forEach((colour, col) => {
    for (let row = 0; row < AZIMUTH_STEPS; row++) {
      drawCell(ctx, col * ICON_SIZE, row * ICON_SIZE, COLOUR_HEX[colour], row * AZIMUTH_STEP);
    }
  });
  cached = canvas.toDataURL('image/png');
  return cached;
}
