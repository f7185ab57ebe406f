// The maps' regions layer (issue 15): what a map screen mounts to draw the regions, its toggle and legend.
export { REGIONS_Z_INDEX, RegionsLayer } from './RegionsLayer';
export { RegionsLegend } from './RegionsLegend';
export { RegionsToggle } from './RegionsToggle';
export { REGION_USE_COLOURS } from './region-style';
export { useRegionsVisible } from './regions-visible';
