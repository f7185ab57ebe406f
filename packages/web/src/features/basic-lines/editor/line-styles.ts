import { LINE_DEFAULT_STYLE } from '@headway/spec';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';

// The line editor's map: the direction being edited in the spec's route default (red, weight 3, opacity 0.5), the
// other direction faint grey, the path being drawn in the drawing blue, stations as numbered dots.

function rgba(hex: string, opacity: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${opacity})`;
}

export const ROUTE_STYLE = new Style({
  stroke: new Stroke({
    color: rgba(LINE_DEFAULT_STYLE.strokeColor, LINE_DEFAULT_STYLE.strokeOpacity),
    width: LINE_DEFAULT_STYLE.strokeWeight,
  }),
  image: new Circle({
    radius: 5,
    fill: new Fill({ color: '#1677ff' }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
});

export const OTHER_DIRECTION_STYLE = new Style({
  stroke: new Stroke({ color: 'rgba(100, 100, 100, 0.45)', width: 2, lineDash: [6, 6] }),
});

export const DRAWING_STYLE = new Style({
  stroke: new Stroke({ color: '#1677ff', width: 2.5 }),
  image: new Circle({
    radius: 6,
    fill: new Fill({ color: '#1677ff' }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
});

export function stationStyle(serial: number, name: string): Style {
  return new Style({
    image: new Circle({
      radius: 7,
      fill: new Fill({ color: '#fa541c' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
    text: new Text({
      text: `${serial} ${name}`,
      offsetY: -16,
      font: '12px sans-serif',
      fill: new Fill({ color: '#1f1f1f' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
}
