import type { FeatureLike } from 'ol/Feature';
import Feature from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect } from 'react';
import { attachLayer, useMap } from '../../../map';
import type { RegionRow } from '../api';
import { regionGeometry } from '../map/region-geometry';

// The regions ticked in the fence selector, highlighted over the map (orange, apart from the blue drawing and the
// regions layer's own look), each with its name.

const ORANGE = '#fa8c16';
const stroke = new Stroke({ color: ORANGE, width: 3 });
const fill = new Fill({ color: 'rgba(250, 140, 22, 0.22)' });
const marker = new Circle({
  radius: 8,
  fill: new Fill({ color: ORANGE }),
  stroke: new Stroke({ color: '#fff', width: 2 }),
});

function style(feature: FeatureLike): Style {
  return new Style({
    stroke,
    fill,
    image: marker,
    text: new Text({
      text: String(feature.get('name') ?? ''),
      font: 'bold 12px system-ui, sans-serif',
      overflow: true,
      offsetY: -16,
      fill: new Fill({ color: '#1f2937' }),
      stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }),
    }),
  });
}

export function SelectedRegionsLayer({ regions }: { regions: readonly RegionRow[] }) {
  const { map, project } = useMap();
  useEffect(() => {
    const source = new VectorSource();
    for (const region of regions) {
      const geometry = regionGeometry(region.region_type, region.region_point, project);
      if (geometry) source.addFeature(new Feature({ geometry, name: region.region_name }));
    }
    return attachLayer(map, new VectorLayer({ source, style, zIndex: 65 }));
  }, [map, project, regions]);
  return null;
}
