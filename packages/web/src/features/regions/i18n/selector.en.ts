// The selector strings (`regions.selector.*`); zh and th are typed against this shape.
const selector = {
  title: 'Regions',
  listTab: 'Region list',
  addTab: 'Add region',
};

export default selector;
export type SelectorMessages = typeof selector;
