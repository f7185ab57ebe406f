import type { PassengersMessages } from './en';

const zh: PassengersMessages = {
  passengers: {
    title: '客流',
  },
};

export default zh;
