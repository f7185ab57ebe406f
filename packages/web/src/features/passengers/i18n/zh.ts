import type { PassengersMessages } from './en';

const zh: PassengersMessages = {
  passengers: {
    title: '客流',
    chart: {
      title: '客流 · {{name}}',
      label: '{{name}} 的客流图',
      close: '关闭',
      drag: '拖动以移动',
      refresh: '刷新',
      retry: '重试',
      ranges: {
        label: '时间范围',
        today: '今天',
        yesterday: '昨天',
        last3: '最近3天',
        last7: '最近7天',
      },
      modes: {
        label: '统计方式',
        time: '按时间',
        station: '按站点',
      },
      up: '上车',
      down: '下车',
      totals: '上车 {{up}} 人 · 下车 {{down}} 人',
      loading: '正在加载客流数据…',
      noData: '该车辆在所选时间内没有客流数据',
      failed: '无法加载客流数据：{{reason}}',
      networkError: '网络错误',
      otherStation: '其他',
      directionUp: '↑',
      directionDown: '↓',
      stationTooltip: '{{name}}（{{direction}}，第 {{serial}} 站）',
      directions: {
        up: '上行',
        down: '下行',
      },
    },
  },
};

export default zh;
