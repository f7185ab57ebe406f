import type {
  AvCapability,
  CarBaseInfo,
  ChangeRouteBody,
  CommandOutcome,
  DeviceAttributes,
  DispatchLogQuery,
  DispatchLogRow,
  ListResult,
  OwnLine,
  ParamQueryData,
  ParamQueryResult,
  ParamSetData,
  ParamValueRow,
  SnapshotData,
  SnapshotListQuery,
  SnapshotResult,
  SnapshotRow,
  TerminalTarget,
  VehicleTreeNode,
} from '@headway/server/contract';
import { http } from '../../api/client';
import { fetchBinary } from '../alarms/evidence/api';

export type {
  AvCapability,
  CarBaseInfo,
  ChangeRouteBody,
  CommandOutcome,
  DeviceAttributes,
  DispatchLogQuery,
  DispatchLogRow,
  OwnLine,
  ParamSetData,
  ParamValueRow,
  SnapshotData,
  SnapshotRow,
};

// The command window's, the snapshot window's and the command log's calls (docs/api.md "Messages and commands").
// The terminal calls are the spec's "GET with payload under data": the payload goes as JSON in the `data` query
// parameter. They are silent: the windows react to a failure themselves (spec section 8 "Device command result").

/** A snapshot waits for the terminal to take the picture and upload it in several packets. */
export const SNAPSHOT_TIMEOUT_MS = 40_000;

function terminal<T>(path: string, data: object, timeout?: number): Promise<T> {
  return http.get<T>(`/jtt1078${path}`, { data: JSON.stringify(data) }, { silent: true, timeout });
}

export const commandsApi = {
  avCapability: (data: TerminalTarget) => terminal<AvCapability>('/property/av', data),
  attributes: (data: TerminalTarget) => terminal<DeviceAttributes>('/property/dev', data),
  /** Without `params` every parameter (0x8104), else those ids (0x8106). */
  readParams: (data: ParamQueryData) => terminal<ParamQueryResult>('/param/qry', data),
  writeParams: (data: ParamSetData) => terminal<CommandOutcome>('/param/set', data),
  reboot: (data: TerminalTarget) => terminal<CommandOutcome>('/reboot', data),
  log: (data: TerminalTarget) => terminal<CommandOutcome>('/log', data),
  snapshot: (data: SnapshotData) => terminal<SnapshotResult>('/media/snap', data, SNAPSHOT_TIMEOUT_MS),
  snapshots: (query: SnapshotListQuery) => http.get<ListResult<SnapshotRow>>('/device/snapshot', { ...query }),
  /** The picture's bytes, fetched signed (an <img> cannot send the signature headers). */
  snapshotImage: async (id: number, signal?: AbortSignal): Promise<Blob> => {
    const { blob } = await fetchBinary('GET', `/device/snapshot/${id}/image`, { silent: true, signal });
    return blob.type === 'image/jpeg' ? blob : new Blob([blob], { type: 'image/jpeg' });
  },
  changeRoute: (body: ChangeRouteBody) =>
    http.post<CommandOutcome | null>('/dispatch/change-route', body, { base: 'dispatch', silent: true }),
  dispatchLog: (query: DispatchLogQuery) =>
    http.get<ListResult<DispatchLogRow>>('/logs/dispatch', { ...query }, { base: 'dispatch' }),
  /** The user's lines, for the change-route form. */
  lines: () => http.get<OwnLine[]>('/basic/routes/own'),
  /** The vehicle's base info: its camera channels. Silent: without it the channel is typed in. */
  carInfo: (imei: string) => http.get<CarBaseInfo>('/basic/cars/info', { imei }, { silent: true }),
  /** The vehicle tree, for the command log's vehicle filter. Silent: without it the filter is simply empty. */
  vehicleTree: () => http.get<VehicleTreeNode[]>('/basic/cars/tree', undefined, { silent: true }),
};

export const commandsKeys = {
  lines: ['commands', 'lines'] as const,
  carInfo: (imei: string) => ['commands', 'car-info', imei] as const,
  snapshots: (carId: number) => ['commands', 'snapshots', carId] as const,
  snapshotImage: (id: number) => ['commands', 'snapshot-image', id] as const,
  vehicleTree: ['commands', 'vehicle-tree'] as const,
};
