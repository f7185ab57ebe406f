// The reusable map kit: one map per screen from MapProvider, layers as components (STYLE). Only what screens use
// is exported here; the layers' own constants stay with them.
export { type Datum, formatLngLat, toView } from './coords';
export { attachLayer } from './layers/attach-layer';
export { BaseTileLayer, type TileStatus } from './layers/BaseTileLayer';
export { ClusterLayer } from './layers/ClusterLayer';
export { LinesLayer, type MapLinePath } from './layers/LinesLayer';
export { type MapStation, StationsLayer } from './layers/StationsLayer';
export { VehicleLabelsLayer } from './layers/VehicleLabelsLayer';
export { VehiclesLayer } from './layers/VehiclesLayer';
export { MapProvider, useMap } from './MapProvider';
export { providerOf } from './providers';
export { TiledMap, type TiledMapLabels } from './TiledMap';
export { type VehicleColumns, VehicleFeatures } from './vehicle-features';
export { azimuthStep, COLOUR_HEX, COLOURS, isOnline, STATE_KINDS, vehicleLook } from './vehicle-style';
export { readViewport, writeViewport } from './viewport';
