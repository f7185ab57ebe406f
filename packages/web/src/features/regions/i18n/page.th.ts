import type { PageMessages } from './page.en';

const page: PageMessages = {
  title: 'พื้นที่กำหนดเอง',
  search: 'ชื่อ',
  type: 'ประเภท',
};

export default page;
