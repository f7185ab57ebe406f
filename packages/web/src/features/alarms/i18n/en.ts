// Alarms strings (`alarms.*`), in their own namespace. zh and th are typed against this shape.
const en = {
  alarms: {
    title: 'Alarms',
  },
};

export default en;
export type AlarmsMessages = typeof en;
