import type { SelectorMessages } from './selector.en';

const selector: SelectorMessages = {
  title: '区域',
  listTab: '区域列表',
  addTab: '添加区域',
};

export default selector;
