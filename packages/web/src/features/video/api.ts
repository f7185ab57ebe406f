import type {
  CarBaseInfo,
  FlipData,
  LiveControlData,
  LiveControlResult,
  LivePlayData,
  LivePlayResult,
  RecordControlData,
  RecordListData,
  RecordListResult,
  RecordPlayData,
  RecordPlayResult,
  TalkData,
  TalkPlayResult,
  VehicleTreeNode,
} from '@headway/server/contract';
import { LIVE_VIDEO_TIMEOUT_MS, RECORD_LIST_TIMEOUT_MS } from '@headway/spec';
import { http } from '../../api/client';

export type { LivePlayRow, RecordRow, VehicleTreeNode } from '@headway/server/contract';

// The video calls (docs/api.md "Video and talk"). Like every /jtt1078 call they are GET with the payload as JSON in
// `data`, and silent: a video window shows its failure on itself (spec section 8 "Live video: … shown on the window").

function terminal<T>(path: string, data: object, timeout?: number): Promise<T> {
  return http.get<T>(`/jtt1078${path}`, { data: JSON.stringify(data) }, { silent: true, timeout });
}

export const videoApi = {
  /** 0x9101 for each channel; the answer's rows are the channels that play. */
  livePlay: (data: LivePlayData) => terminal<LivePlayResult>('/live/play', data, LIVE_VIDEO_TIMEOUT_MS),
  liveControl: (data: LiveControlData) => terminal<LiveControlResult>('/live/control', data),
  flip: (data: FlipData) => terminal<unknown>('/live/flip', data),
  recordList: (data: RecordListData) => terminal<RecordListResult>('/record/list', data, RECORD_LIST_TIMEOUT_MS),
  recordPlay: (data: RecordPlayData) => terminal<RecordPlayResult>('/record/play', data, LIVE_VIDEO_TIMEOUT_MS),
  recordControl: (data: RecordControlData) => terminal<unknown>('/record/control', data),
  talkPlay: (data: TalkData) => terminal<TalkPlayResult>('/talk/play', data),
  talkStop: (data: TalkData) => terminal<unknown>('/talk/stop', data),
  /** The vehicle's `channel` list. */
  carInfo: (imei: string) => http.get<CarBaseInfo>('/basic/cars/info', { imei }, { silent: true }),
  vehicleTree: () => http.get<VehicleTreeNode[]>('/basic/cars/tree', undefined, { silent: true }),
};
