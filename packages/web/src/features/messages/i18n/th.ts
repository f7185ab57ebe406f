import type { MessagesMessages } from './en';

const th: MessagesMessages = {
  messages: {
    title: 'ข้อความ',
    send: 'ส่ง',
    close: 'ปิด',
    history: 'ประวัติ',
    snippets: 'ข้อความสำเร็จรูป',
    vehicles: 'ยานพาหนะ',
    search: 'ค้นหายานพาหนะ',
    placeholder: 'พิมพ์ข้อความ',
    flags: 'แฟล็กข้อความ',
    target: 'ปลายทาง',
    log: 'บันทึกข้อความ',
  },
};

export default th;
