import type { AlarmsMessages } from './en';

const zh: AlarmsMessages = {
  alarms: {
    title: '报警',
  },
};

export default zh;
