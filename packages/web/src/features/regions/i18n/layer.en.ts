// The layer strings (`regions.layer.*`); zh and th are typed against this shape.
const layer = {
  toggle: 'Regions',
  toggleHint: 'Show the regions on the map',
};

export default layer;
export type LayerMessages = typeof layer;
