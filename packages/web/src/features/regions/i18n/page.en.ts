// The page strings (`regions.page.*`); zh and th are typed against this shape.
const page = {
  title: 'Custom areas',
  search: 'Name',
  type: 'Type',
};

export default page;
export type PageMessages = typeof page;
