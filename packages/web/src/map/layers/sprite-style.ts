import type { DisplayColour } from '@headway/spec';
import { Icon, Style } from 'ol/style';
import { ICON_SIZE, vehicleSprite } from '../vehicle-sprite';
import { COLOURS } from '../vehicle-style';

// The same sprite cell as the WebGL layer, as a canvas style (clusters of one, selection highlight).
const cache = new Map<string, Style>();

export function spriteStyle(colour: DisplayColour, step: number): Style {
  const key = `${colour}:${step}`;
  let style = cache.get(key);
  if (!style) {
    style = new Style({
      image: new Icon({
        src: vehicleSprite(),
        offset: [COLOURS.indexOf(colour) * ICON_SIZE, step * ICON_SIZE],
        size: [ICON_SIZE, ICON_SIZE],
        anchor: [0.5, 1],
      }),
      zIndex: 1,
    });
    cache.set(key, style);
  }
  return style;
}
