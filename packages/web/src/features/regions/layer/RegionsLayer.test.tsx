import { screen, waitFor } from '@testing-library/react';
import VectorImageLayer from 'ol/layer/VectorImage';
import type OlMap from 'ol/Map';
import type VectorSource from 'ol/source/Vector';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MapProvider, useMap } from '../../../map';
import { componentSuite, renderInApp } from '../../../testing/render';
import type { RegionShapeRow, RegionVisitRow } from '../api';
import { RegionPopup } from './RegionPopup';
import { REGIONS_Z_INDEX, RegionsLayer } from './RegionsLayer';

// The layer over a real OpenLayers map with a real query client; the server is stood in for at fetch.

function serve(result: (path: string) => unknown) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://console.test');
    paths.push(`${parsed.pathname}${parsed.search}`);
    return new Response(JSON.stringify({ code: 0, msg: '', result: result(parsed.pathname) }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return paths;
}

let theMap: OlMap | null = null;
function MapProbe() {
  const { map } = useMap();
  useEffect(() => {
    theMap = map;
  }, [map]);
  return null;
}

function regionsSource(): VectorSource | undefined {
  const layer = theMap
    ?.getLayers()
    .getArray()
    .find((l) => l instanceof VectorImageLayer && l.get('name') === 'regions') as VectorImageLayer<VectorSource>;
  return layer?.getSource() ?? undefined;
}

const shapes: RegionShapeRow[] = Array.from({ length: 250 }, (_, i) => ({
  id: i + 1,
  region_name: `Region ${i + 1}`,
  region_type: (i % 4) + 1,
  use_type: i % 4,
  region_point:
    i % 4 === 0
      ? `40.${500 + i},-74.1,120`
      : i % 4 === 1
        ? `40.${500 + i},-74.1|40.${501 + i},-74.09`
        : `40.${500 + i},-74.1|40.${501 + i},-74.2|40.${500 + i},-74.3`,
  region_option: '{"width":25}',
  is_share: 1,
}));

describe('the regions layer', { timeout: 20_000 }, () => {
  componentSuite();

  it('draws one feature per region the user sees, under the vehicles', async () => {
    const paths = serve(() => shapes);
    renderInApp(
      <MapProvider datum="wgs84" center={[-74.15, 40.58]} zoom={12} labels={{ name: 'Map', zoomIn: '+', zoomOut: '-' }}>
        <MapProbe />
        <RegionsLayer />
      </MapProvider>,
    );
    await waitFor(() => expect(regionsSource()?.getFeatures()).toHaveLength(250));
    expect(paths).toEqual(['/api/basic/region/shapes']);
    expect(regionsSource()?.getFeatureById(17)?.get('region')).toMatchObject({ id: 17, name: 'Region 17' });
    const layer = theMap
      ?.getLayers()
      .getArray()
      .find((l) => l.get('name') === 'regions');
    expect(layer?.getZIndex()).toBe(REGIONS_Z_INDEX);
    expect(REGIONS_Z_INDEX).toBeLessThan(10);
  });

  it('shows a region’s five latest visits in its popup, one still inside', async () => {
    const visits: RegionVisitRow[] = [
      {
        id: 2,
        region_id: 9,
        car_id: 3,
        car_name: 'Bus 12',
        terminal_phone: '013800000012',
        enter_time: 1_764_000_000,
        exit_time: null,
        dwell_seconds: 600,
      },
      {
        id: 1,
        region_id: 9,
        car_id: null,
        car_name: '',
        terminal_phone: '013800000099',
        enter_time: 1_763_990_000,
        exit_time: 1_763_999_000,
        dwell_seconds: 9000,
      },
    ];
    // Older ones past the five the popup shows.
    for (let i = 3; i <= 6; i++) {
      visits.push({ ...(visits[1] as RegionVisitRow), id: i, car_name: `Bus ${i}`, enter_time: 1_763_000_000 - i });
    }
    const paths = serve(() => ({ total: 6, rows: visits }));
    renderInApp(
      <RegionPopup
        region={{ id: 9, name: 'North depot', regionType: 3, useType: 1, shared: false }}
        onClose={() => {}}
      />,
    );
    const popup = screen.getByRole('region', { name: 'Region North depot' });
    expect(popup.textContent).toContain('Polygon');
    expect(popup.textContent).toContain('Parking (depot)');
    expect(popup.textContent).toContain('Only me');
    const table = await screen.findByTestId('region-visits');
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(5);
    expect(rows[0]?.textContent).toContain('Bus 12');
    expect(rows[0]?.textContent).toContain('Inside');
    expect(rows[0]?.textContent).toContain('10 min');
    // A deleted vehicle still says which terminal it was.
    expect(rows[1]?.textContent).toContain('013800000099');
    expect(rows[1]?.textContent).toContain('2 h 30 min');
    expect(paths).toEqual(['/api/basic/region/visits?region_id=9&page=1&limit=10']);
  });
});
