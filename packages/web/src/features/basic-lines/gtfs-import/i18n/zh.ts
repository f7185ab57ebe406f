import type { GtfsMessages } from './en';

const zh: GtfsMessages = {
  menu: 'GTFS',
  export: '导出 GTFS',
  exported: 'GTFS 数据包已下载',
  import: '导入 GTFS',
  title: '导入 GTFS 数据包',
  choose: '点击或拖入 GTFS 压缩包',
  hint: '包含 agency、stops、routes、trips、stop_times 以及 calendar 或 calendar_dates；不超过 50 MB。线路按线路编号匹配：再次导入同一数据包不会有任何改动。',
  start: '导入',
  uploading: '正在上传',
  stage: {
    queued: '等待开始',
    reading: '读取并校验数据包',
    transforming: '生成线路和站点',
    comparing: '与公司现有线路比对',
    writing: '写入',
    finished: '完成',
  },
  done: '导入完成',
  nothingChanged: '没有改动：公司已有此数据包的内容',
  failed: '导入失败，未写入任何数据',
  kind: '类别',
  created: '新增',
  updated: '更新',
  unchanged: '未变',
  removed: '删除',
  kinds: { lines: '线路', stations: '站点', stops: '公交站', trips: '班次', services: '运营日历' },
  refused: '被拒绝的行（{{count}}）',
  refusedShown: '列出 {{total}} 条中的前 {{shown}} 条',
  where: '文件:行',
  reason: '原因',
  again: '再导入一个',
  close: '关闭',
};

export default zh;
