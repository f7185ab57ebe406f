import type { SelectorMessages } from './selector.en';

const selector: SelectorMessages = {
  title: 'พื้นที่',
  listTab: 'รายการพื้นที่',
  addTab: 'เพิ่มพื้นที่',
};

export default selector;
