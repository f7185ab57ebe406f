import type { GtfsMessages } from './en';

const th: GtfsMessages = {
  menu: 'GTFS',
  export: 'ส่งออก GTFS',
  exported: 'ดาวน์โหลดฟีด GTFS แล้ว',
  import: 'นำเข้า GTFS',
  title: 'นำเข้าฟีด GTFS',
  choose: 'คลิกหรือลากไฟล์ zip ของ GTFS มาวางที่นี่',
  hint: 'มี agency, stops, routes, trips, stop_times และ calendar หรือ calendar_dates ขนาดไม่เกิน 50 MB สายเดินรถจับคู่ตามรหัสสาย: นำเข้าฟีดเดิมซ้ำจะไม่มีอะไรเปลี่ยน',
  start: 'นำเข้า',
  uploading: 'กำลังอัปโหลด',
  stage: {
    queued: 'รอเริ่ม',
    reading: 'กำลังอ่านและตรวจสอบฟีด',
    transforming: 'กำลังสร้างสายและสถานี',
    comparing: 'กำลังเปรียบเทียบกับสายของบริษัท',
    writing: 'กำลังบันทึก',
    finished: 'เสร็จสิ้น',
  },
  done: 'นำเข้าเสร็จสิ้น',
  nothingChanged: 'ไม่มีอะไรเปลี่ยน: บริษัทมีข้อมูลของฟีดนี้อยู่แล้ว',
  failed: 'นำเข้าไม่สำเร็จ ไม่มีข้อมูลถูกบันทึก',
  kind: 'ประเภท',
  created: 'สร้างใหม่',
  updated: 'อัปเดต',
  unchanged: 'ไม่เปลี่ยน',
  removed: 'ลบออก',
  kinds: { lines: 'สายเดินรถ', stations: 'สถานี', stops: 'ป้ายรถเมล์', trips: 'เที่ยววิ่ง', services: 'ปฏิทินการเดินรถ' },
  refused: 'แถวที่ถูกปฏิเสธ ({{count}})',
  refusedShown: 'แสดง {{shown}} แถวแรกจาก {{total}}',
  where: 'ไฟล์:บรรทัด',
  reason: 'เหตุผล',
  again: 'นำเข้าไฟล์อื่น',
  close: 'ปิด',
};

export default th;
