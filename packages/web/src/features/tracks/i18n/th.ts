import type { TracksMessages } from './en';

const th: TracksMessages = {
  tracks: {
    title: 'เส้นทาง',
  },
};

export default th;
