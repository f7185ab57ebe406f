import type { LinesMessages } from './en';

const th: LinesMessages = {
  lines: {
    title: 'สายรถ',
  },
};

export default th;
