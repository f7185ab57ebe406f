import type { LayerMessages } from './layer.en';

const layer: LayerMessages = {
  toggle: 'พื้นที่',
  legend: 'สีของพื้นที่ตามการใช้งาน',
  close: 'ปิด',
  detail: 'พื้นที่ {{name}}',
  recentVisits: 'การเข้าออกล่าสุด',
  vehicle: 'รถ',
  entered: 'เวลาเข้า',
  left: 'เวลาออก',
  dwell: 'เวลาที่อยู่',
  inside: 'ยังอยู่ในพื้นที่',
  noVisits: 'ยังไม่มีการเข้าออก',
  visitsFailed: 'โหลดการเข้าออกไม่สำเร็จ',
  seconds: '{{s}} วินาที',
  minutes: '{{m}} นาที',
  hours: '{{h}} ชม. {{m}} นาที',
  days: '{{d}} วัน {{h}} ชม.',
};

export default layer;
