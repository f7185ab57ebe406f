// The layer strings (`regions.layer.*`): the maps' regions layer, its toggle, legend and a region's popup; zh and th
// are typed against this shape.
const layer = {
  toggle: 'Regions',
  legend: 'Region colours by use',
  close: 'Close',
  detail: 'Region {{name}}',
  recentVisits: 'Recent visits',
  vehicle: 'Vehicle',
  entered: 'Entered',
  left: 'Left',
  dwell: 'Dwell',
  inside: 'Inside',
  noVisits: 'No visits yet',
  visitsFailed: 'The visits could not be loaded',
  seconds: '{{s}} s',
  minutes: '{{m}} min',
  hours: '{{h}} h {{m}} min',
  days: '{{d}} d {{h}} h',
};

export default layer;
export type LayerMessages = typeof layer;
