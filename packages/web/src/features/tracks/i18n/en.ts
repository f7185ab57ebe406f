// Tracks strings (`tracks.*`), in their own namespace loaded with the feature's screens and windows. zh and th are
// typed against this shape.
const en = {
  tracks: {
    title: 'Tracks',
  },
};

export default en;
export type TracksMessages = typeof en;
