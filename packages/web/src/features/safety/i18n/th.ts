import type { SafetyMessages } from './en';

const th: SafetyMessages = {
  safety: {
    title: 'ความปลอดภัย',
  },
};

export default th;
