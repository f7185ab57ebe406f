// Passengers strings (`passengers.*`), in their own namespace loaded with the feature's screens and windows. zh and th are
// typed against this shape.
const en = {
  passengers: {
    title: 'Passengers',
  },
};

export default en;
export type PassengersMessages = typeof en;
