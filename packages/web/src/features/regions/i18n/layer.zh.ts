import type { LayerMessages } from './layer.en';

const layer: LayerMessages = {
  toggle: '区域',
  legend: '区域颜色（按用途）',
  close: '关闭',
  detail: '区域{{name}}',
  recentVisits: '最近进出',
  vehicle: '车辆',
  entered: '进入时间',
  left: '离开时间',
  dwell: '停留',
  inside: '仍在区域内',
  noVisits: '暂无进出记录',
  visitsFailed: '进出记录加载失败',
  seconds: '{{s}}秒',
  minutes: '{{m}}分钟',
  hours: '{{h}}小时{{m}}分钟',
  days: '{{d}}天{{h}}小时',
};

export default layer;
