import type { SafetyMessages } from './en';

const zh: SafetyMessages = {
  safety: {
    title: '安全',
  },
};

export default zh;
