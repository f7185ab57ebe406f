// The reusable map kit: one map per screen from MapProvider, layers as components (STYLE).
export { type Datum, formatLngLat, fromView, parsePath, toView } from './coords';
export { BaseTileLayer, type TileStatus } from './layers/BaseTileLayer';
export { ClusterLayer } from './layers/ClusterLayer';
export { DEFAULT_LINE_STYLE, LinesLayer, type MapLinePath } from './layers/LinesLayer';
export { type MapStation, STATION_LABEL_ZOOM, STATION_MIN_ZOOM, StationsLayer } from './layers/StationsLayer';
export { LABEL_ZOOM, VehicleLabelsLayer } from './layers/VehicleLabelsLayer';
export { CLUSTER_UNTIL_ZOOM, VehiclesLayer } from './layers/VehiclesLayer';
export { type MapContextValue, MapProvider, nextLayerId, useMap } from './MapProvider';
export { type BaseProvider, PROVIDERS, type ProviderId, providerOf } from './providers';
export { type VehicleColumns, VehicleFeatures } from './vehicle-features';
export {
  azimuthStep,
  COLOUR_HEX,
  COLOURS,
  isOnline,
  STATE_KINDS,
  type VehicleLook,
  vehicleLook,
} from './vehicle-style';
export { readViewport, type Viewport, writeViewport } from './viewport';
