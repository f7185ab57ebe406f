import type { PageMessages } from './page.en';

const page: PageMessages = {
  title: '自定义区域',
  search: '名称',
  type: '类型',
};

export default page;
