// Lines strings (`lines.*`), in their own namespace loaded with the feature's screens and windows. zh and th are
// typed against this shape.
const en = {
  lines: {
    title: 'Lines',
  },
};

export default en;
export type LinesMessages = typeof en;
