import type { PassengersMessages } from './en';

const th: PassengersMessages = {
  passengers: {
    title: 'ผู้โดยสาร',
  },
};

export default th;
