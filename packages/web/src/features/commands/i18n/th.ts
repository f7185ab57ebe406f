import type { CommandsMessages } from './en';

const th: CommandsMessages = {
  commands: {
    title: 'คำสั่ง',
    close: 'ปิด',
    av: 'เสียง/วิดีโอ',
    params: 'พารามิเตอร์',
    attributes: 'คุณสมบัติ',
    changeRoute: 'เปลี่ยนสาย',
    reboot: 'รีบูต',
    log: 'บันทึก',
    read: 'อ่าน',
    write: 'เขียน',
    snapshot: 'ถ่ายภาพ',
  },
};

export default th;
