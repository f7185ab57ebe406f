import type { AlarmsMessages } from './en';

const th: AlarmsMessages = {
  alarms: {
    title: 'การแจ้งเตือน',
  },
};

export default th;
