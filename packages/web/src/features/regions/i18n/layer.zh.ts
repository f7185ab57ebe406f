import type { LayerMessages } from './layer.en';

const layer: LayerMessages = {
  toggle: '区域',
  toggleHint: '在地图上显示区域',
};

export default layer;
