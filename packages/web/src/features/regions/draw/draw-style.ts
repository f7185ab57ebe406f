import { Circle, Fill, Stroke, Style } from 'ol/style';

// The shape being drawn or edited: blue, so it reads apart from the regions layer and the selector's highlight.

const BLUE = '#1677ff';

export const DRAWING_STYLE = new Style({
  stroke: new Stroke({ color: BLUE, width: 2.5 }),
  fill: new Fill({ color: 'rgba(22, 119, 255, 0.18)' }),
  image: new Circle({
    radius: 7,
    fill: new Fill({ color: BLUE }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
});
