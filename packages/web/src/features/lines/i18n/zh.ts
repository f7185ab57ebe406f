import type { LinesMessages } from './en';

const zh: LinesMessages = {
  lines: {
    title: '线路',
  },
};

export default zh;
