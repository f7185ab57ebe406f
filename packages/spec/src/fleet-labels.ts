import type { Label } from './labels.ts';

// The fleet records' field labels (product spec section 3 "Vehicle … fuller vehicle record", devices, SIMs, device
// types; issue 14): the console's forms and columns and the server's exports name a field from here, once.

export const VEHICLE_FIELD_LABELS = {
  car_name: { en: 'Vehicle name', zh: '车辆名称', th: 'ชื่อรถ' },
  lpn: { en: 'Plate', zh: '车牌号', th: 'ทะเบียนรถ' },
  imei: { en: 'Device IMEI', zh: '设备IMEI', th: 'IMEI อุปกรณ์' },
  terminal_phone: { en: 'Terminal phone', zh: '终端手机号', th: 'หมายเลขโทรศัพท์เทอร์มินัล' },
  route_id: { en: 'Line', zh: '线路', th: 'สาย' },
  fleet_id: { en: 'Fleet', zh: '车队', th: 'กลุ่มรถ' },
  car_type: { en: 'Vehicle type', zh: '车辆类型', th: 'ประเภทรถ' },
  state: { en: 'State', zh: '状态', th: 'สถานะ' },
  channel: { en: 'Camera channels', zh: '视频通道', th: 'ช่องกล้อง' },
  vin: { en: 'VIN', zh: '车架号', th: 'หมายเลขตัวถัง' },
  fuel_100km: { en: 'Fuel per 100 km (L)', zh: '百公里油耗(L)', th: 'เชื้อเพลิงต่อ 100 กม. (ลิตร)' },
  fuel_hour: { en: 'Fuel per hour (L)', zh: '小时油耗(L)', th: 'เชื้อเพลิงต่อชั่วโมง (ลิตร)' },
  tank: { en: 'Tank (L)', zh: '油箱容量(L)', th: 'ความจุถัง (ลิตร)' },
  register_time: { en: 'Registered', zh: '注册日期', th: 'วันที่จดทะเบียน' },
  expire_time: { en: 'Licence expires', zh: '到期日期', th: 'วันหมดอายุใบอนุญาต' },
  icon: { en: 'Map icon', zh: '地图图标', th: 'ไอคอนบนแผนที่' },
  approved_number: { en: 'Approved passengers', zh: '核定人数', th: 'จำนวนผู้โดยสารที่อนุมัติ' },
  seat: { en: 'Seats', zh: '座位数', th: 'จำนวนที่นั่ง' },
  source: { en: 'Source', zh: '车辆来源', th: 'แหล่งที่มา' },
  model: { en: 'Model', zh: '车辆型号', th: 'รุ่นรถ' },
  compulsory_insurance_time: { en: 'Compulsory insurance expires', zh: '交强险到期', th: 'ประกันภาคบังคับหมดอายุ' },
  commercial_insurance_time: { en: 'Commercial insurance expires', zh: '商业险到期', th: 'ประกันภาคสมัครใจหมดอายุ' },
  tax_due_date: { en: 'Tax due', zh: '车船税到期', th: 'กำหนดชำระภาษี' },
  next_inspection_time: { en: 'Next inspection', zh: '下次年检', th: 'ตรวจสภาพครั้งถัดไป' },
  next_maintenance_time: { en: 'Next maintenance', zh: '下次保养', th: 'บำรุงรักษาครั้งถัดไป' },
  fuel_type: { en: 'Fuel type', zh: '燃料类型', th: 'ประเภทเชื้อเพลิง' },
  engine_model: { en: 'Engine model', zh: '发动机型号', th: 'รุ่นเครื่องยนต์' },
  engine_no: { en: 'Engine number', zh: '发动机号', th: 'หมายเลขเครื่องยนต์' },
  gross_weight: { en: 'Gross weight (kg)', zh: '总质量(kg)', th: 'น้ำหนักรวม (กก.)' },
  curb_weight: { en: 'Curb weight (kg)', zh: '整备质量(kg)', th: 'น้ำหนักรถเปล่า (กก.)' },
  length: { en: 'Length (mm)', zh: '车长(mm)', th: 'ความยาว (มม.)' },
  width: { en: 'Width (mm)', zh: '车宽(mm)', th: 'ความกว้าง (มม.)' },
  height: { en: 'Height (mm)', zh: '车高(mm)', th: 'ความสูง (มม.)' },
  production_date: { en: 'Produced', zh: '出厂日期', th: 'วันที่ผลิต' },
  scrap_date: { en: 'Scrap date', zh: '报废日期', th: 'วันที่ปลดระวาง' },
  contract_no: { en: 'Contract number', zh: '合同编号', th: 'เลขที่สัญญา' },
  contract_expiration_date: { en: 'Contract expires', zh: '合同到期', th: 'สัญญาหมดอายุ' },
  registration_number: { en: 'Registration number', zh: '行驶证号', th: 'เลขทะเบียนรถ' },
  unit_id: { en: 'Unit id', zh: '单位编号', th: 'รหัสหน่วยงาน' },
  img_url: { en: 'Picture', zh: '车辆图片', th: 'รูปภาพ' },
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  created_at: { en: 'Created', zh: '创建时间', th: 'เวลาที่สร้าง' },
} as const satisfies Record<string, Label>;

export const DEVICE_FIELD_LABELS = {
  imei: { en: 'IMEI', zh: 'IMEI', th: 'IMEI' },
  terminal_phone: { en: 'Terminal phone', zh: '终端手机号', th: 'หมายเลขโทรศัพท์เทอร์มินัล' },
  protocol_version: { en: 'Protocol edition', zh: '协议版本', th: 'รุ่นโปรโตคอล' },
  device_type: { en: 'Device type', zh: '设备类型', th: 'ประเภทอุปกรณ์' },
  sim: { en: 'SIM', zh: 'SIM卡', th: 'ซิม' },
  car_name: { en: 'Vehicle', zh: '所属车辆', th: 'รถ' },
  online: { en: 'Online', zh: '在线', th: 'ออนไลน์' },
  last_seen_at: { en: 'Last seen', zh: '最后通信', th: 'ติดต่อล่าสุด' },
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  created_at: { en: 'Created', zh: '创建时间', th: 'เวลาที่สร้าง' },
} as const satisfies Record<string, Label>;

export const SIM_FIELD_LABELS = {
  sim_no: { en: 'SIM number', zh: 'SIM卡号', th: 'หมายเลขซิม' },
  iccid: { en: 'ICCID', zh: 'ICCID', th: 'ICCID' },
  operator: { en: 'Operator', zh: '运营商', th: 'ผู้ให้บริการ' },
  expire_time: { en: 'Expires', zh: '到期日期', th: 'วันหมดอายุ' },
  terminal_phone: { en: 'Used by terminal', zh: '使用终端', th: 'ใช้โดยเทอร์มินัล' },
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  created_at: { en: 'Created', zh: '创建时间', th: 'เวลาที่สร้าง' },
} as const satisfies Record<string, Label>;

export const DEVICE_TYPE_FIELD_LABELS = {
  type_name: { en: 'Type name', zh: '类型名称', th: 'ชื่อประเภท' },
  capabilities: { en: 'Capabilities', zh: '设备能力', th: 'ความสามารถ' },
  channels: { en: 'Camera channels', zh: '视频通道数', th: 'จำนวนช่องกล้อง' },
  maker: { en: 'Maker', zh: '厂商', th: 'ผู้ผลิต' },
  devices: { en: 'Devices', zh: '设备数', th: 'จำนวนอุปกรณ์' },
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  created_at: { en: 'Created', zh: '创建时间', th: 'เวลาที่สร้าง' },
} as const satisfies Record<string, Label>;

export const RENEWAL_FIELD_LABELS = {
  renew_type: { en: 'Renewal of', zh: '续期项目', th: 'ต่ออายุ' },
  old_time: { en: 'Previous date', zh: '原到期日', th: 'วันที่เดิม' },
  new_time: { en: 'New date', zh: '新到期日', th: 'วันที่ใหม่' },
  state: { en: 'Review state', zh: '审核状态', th: 'สถานะการตรวจสอบ' },
  created_by_account: { en: 'Requested by', zh: '申请人', th: 'ผู้ขอ' },
  reviewed_by_account: { en: 'Reviewed by', zh: '审核人', th: 'ผู้ตรวจสอบ' },
  reviewed_at: { en: 'Reviewed', zh: '审核时间', th: 'เวลาที่ตรวจสอบ' },
} as const satisfies Record<string, Label>;

export const FLEET_SHEETS = {
  vehicles: { en: 'Vehicles', zh: '车辆', th: 'รถ' },
  devices: { en: 'Devices', zh: '设备', th: 'อุปกรณ์' },
  sims: { en: 'SIM cards', zh: 'SIM卡', th: 'ซิมการ์ด' },
  deviceTypes: { en: 'Device types', zh: '设备类型', th: 'ประเภทอุปกรณ์' },
  insuranceExpiry: { en: 'Insurance expiry', zh: '保险到期', th: 'ประกันหมดอายุ' },
  vehicleExpiry: { en: 'Vehicle expiry', zh: '车辆到期', th: 'รถหมดอายุ' },
} as const satisfies Record<string, Label>;
