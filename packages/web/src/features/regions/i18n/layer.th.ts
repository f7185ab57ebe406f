import type { LayerMessages } from './layer.en';

const layer: LayerMessages = {
  toggle: 'พื้นที่',
  toggleHint: 'แสดงพื้นที่บนแผนที่',
};

export default layer;
