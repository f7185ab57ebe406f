import type { RegionsMessages } from './en';
import layer from './layer.th';
import page from './page.th';
import selector from './selector.th';

const th: RegionsMessages = {
  regions: {
    name: 'ชื่อ',
    type: 'ประเภท',
    useType: 'การใช้งาน',
    useNone: 'ไม่มี',
    shared: 'แชร์',
    sharedYes: 'แชร์ทั้งบริษัท',
    sharedNo: 'เฉพาะฉัน',
    remark: 'หมายเหตุ',
    image: 'URL รูปภาพ',
    radius: 'รัศมี (ม.)',
    width: 'ความกว้างแต่ละข้าง (ม.)',
    overstay: 'แจ้งเตือนอยู่นานเกิน (นาที)',
    overstayHint: 'เว้นว่าง: ไม่แจ้งเตือน',
    save: 'บันทึก',
    cancel: 'ยกเลิก',
    delete: 'ลบ',
    edit: 'แก้ไข',
    saved: 'บันทึกพื้นที่แล้ว',
    deleted: 'ลบพื้นที่แล้ว',
    failed: '{{message}} (รหัสข้อผิดพลาด: {{code}})',
    selector,
    page,
    layer,
  },
};

export default th;
