import type { TracksMessages } from './en';

const zh: TracksMessages = {
  tracks: {
    title: '轨迹',
  },
};

export default zh;
