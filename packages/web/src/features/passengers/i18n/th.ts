import type { PassengersMessages } from './en';

const th: PassengersMessages = {
  passengers: {
    title: 'ผู้โดยสาร',
    chart: {
      title: 'ผู้โดยสาร · {{name}}',
      label: 'แผนภูมิผู้โดยสารของ {{name}}',
      close: 'ปิด',
      drag: 'ลากเพื่อย้าย',
      refresh: 'รีเฟรช',
      retry: 'ลองอีกครั้ง',
      ranges: {
        label: 'ช่วงเวลา',
        today: 'วันนี้',
        yesterday: 'เมื่อวาน',
        last3: '3 วันล่าสุด',
        last7: '7 วันล่าสุด',
      },
      modes: {
        label: 'นับตาม',
        time: 'ตามเวลา',
        station: 'ตามป้าย',
      },
      up: 'ขึ้นรถ',
      down: 'ลงรถ',
      totals: 'ขึ้น {{up}} คน · ลง {{down}} คน',
      loading: 'กำลังโหลดจำนวนผู้โดยสาร…',
      noData: 'ไม่มีข้อมูลผู้โดยสารของรถคันนี้ในช่วงเวลาที่เลือก',
      failed: 'โหลดจำนวนผู้โดยสารไม่สำเร็จ: {{reason}}',
      networkError: 'เครือข่ายขัดข้อง',
      otherStation: 'อื่น ๆ',
      directionUp: '↑',
      directionDown: '↓',
      stationTooltip: '{{name}} ({{direction}}, ป้ายที่ {{serial}})',
      directions: {
        up: 'ขาไป',
        down: 'ขากลับ',
      },
    },
  },
};

export default th;
