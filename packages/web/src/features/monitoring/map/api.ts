import type {
  CarBaseInfo,
  OwnLine,
  VehicleLiveResult,
  VehicleTreeGrouping,
  VehicleTreeNode,
} from '@headway/server/contract';
import { http } from '../../../api/client';

export type { CarBaseInfo, OwnLine, VehicleLiveResult, VehicleTreeGrouping, VehicleTreeNode };

// The monitoring map's calls (docs/map.md). Types come from the server contract.
export const mapApi = {
  tree: (groupBy: VehicleTreeGrouping) => http.get<VehicleTreeNode[]>('/basic/cars/tree', { group_by: groupBy }),
  lines: () => http.get<OwnLine[]>('/basic/routes/own'),
  carInfo: (imei: string) => http.get<CarBaseInfo>('/basic/cars/info', { imei }),
};
