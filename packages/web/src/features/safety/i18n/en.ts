// Safety strings (`safety.*`), in their own namespace. zh and th are typed against this shape.
const en = {
  safety: {
    title: 'Safety',
  },
};

export default en;
export type SafetyMessages = typeof en;
