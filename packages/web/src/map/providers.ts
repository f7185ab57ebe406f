import TileImage from 'ol/source/TileImage';
import XYZ from 'ol/source/XYZ';
import TileGrid from 'ol/tilegrid/TileGrid';
import type { Datum } from './coords';

// Base map providers. Tiles are decoration: the map works (lines, stations, vehicles) without them.

export type ProviderId = 'osm' | 'google' | 'amap' | 'baidu';

export interface BaseProvider {
  id: ProviderId;
  datum: Datum;
  createSource(language: string): TileImage;
}

const osm: BaseProvider = {
  id: 'osm',
  datum: 'wgs84',
  createSource: () =>
    new XYZ({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attributions: '© OpenStreetMap contributors',
      maxZoom: 19,
      crossOrigin: 'anonymous',
    }),
};

// Google's tiles are GCJ-02 inside mainland China (and WGS-84 outside, where GCJ-02 equals WGS-84).
const google: BaseProvider = {
  id: 'google',
  datum: 'gcj02',
  createSource: (language) =>
    new XYZ({
      url: `https://mt{0-3}.google.com/vt/lyrs=m&hl=${language === 'zh' ? 'zh-CN' : language}&x={x}&y={y}&z={z}`,
      attributions: '© Google',
      maxZoom: 20,
    }),
};

const amap: BaseProvider = {
  id: 'amap',
  datum: 'gcj02',
  createSource: (language) =>
    new XYZ({
      url: `https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=${language === 'zh' ? 'zh_cn' : 'en'}&size=1&scale=1&style=8&x={x}&y={y}&z={z}`,
      attributions: '© AutoNavi',
      maxZoom: 18,
    }),
};

/**
 * Baidu tiles are cut from BD09MC metres with the origin at (0, 0), resolution 2^(18-z) m/px, and tile
 * rows counted upwards (south to north), unlike XYZ. Hence the custom grid and the row flip.
 */
const BAIDU_RESOLUTIONS = Array.from({ length: 20 }, (_, z) => 2 ** (18 - z));

const baidu: BaseProvider = {
  id: 'baidu',
  datum: 'bd09',
  createSource: () =>
    new TileImage({
      attributions: '© Baidu',
      tileGrid: new TileGrid({ origin: [0, 0], resolutions: BAIDU_RESOLUTIONS, tileSize: 256 }),
      tileUrlFunction: (tileCoord) => {
        const [z, x, y] = tileCoord as [number, number, number];
        const row = -y - 1;
        const server = Math.abs(x + row) % 4;
        return `https://maponline${server}.bdimg.com/tile/?qt=vtile&x=${x}&y=${row}&z=${z}&styles=pl&scaler=1&udt=20250101`;
      },
    }),
};

const PROVIDERS: Record<ProviderId, BaseProvider> = { osm, google, amap, baidu };

export function providerOf(id: string | undefined): BaseProvider {
  return PROVIDERS[(id as ProviderId) ?? 'google'] ?? google;
}
