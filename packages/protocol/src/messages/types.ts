/**
 * The message table's types: `BodyMap` maps every supported message ID to its body type, and `Jt808Message`
 * is the discriminated union `{ msgId, body }` over it. Adding a message = one module + one line here + the table.
 */

import type { LocationReport } from '../location/report.ts';
import type {
  AlarmAttachmentList,
  AlarmAttachmentRequest,
  AttachmentFileDone,
  AttachmentFileDoneResponse,
  AttachmentFileInfo,
} from './active-safety.ts';
import type {
  AvCapabilities,
  FileUploadControl,
  FileUploadRequest,
  FileUploadResult,
  LiveVideoControl,
  LiveVideoRequest,
  LiveVideoStatus,
  PlaybackControl,
  PlaybackRequest,
  QueryResources,
  ResourceList,
} from './av.ts';
import type { EmptyBody } from './codec.ts';
import type { LocationBatch, LocationQueryResponse, TemporaryTracking } from './location.ts';
import type { MediaData, MediaDataResponse, MediaEvent, TakePhoto, TakePhotoResponse } from './multimedia.ts';
import type { ParamsResponse, QueryParams, SetParams } from './parameters.ts';
import type { PassThrough } from './passthrough.ts';
import type {
  DeleteAreas,
  QueryRegions,
  RegionQueryAnswer,
  SetCircleAreas,
  SetPolygonArea,
  SetRectangleAreas,
  SetRoute,
} from './regions.ts';
import type {
  Authenticate,
  GeneralResponse,
  Register,
  RegisterResponse,
  RetransmitRequest,
  ServerTime,
} from './session.ts';
import type { TerminalAttributes, TerminalControl } from './terminal.ts';
import type { TerminalTextReport, TextMessage } from './text.ts';

export interface BodyMap {
  // session.ts
  0x0001: GeneralResponse;
  0x8001: GeneralResponse;
  0x0002: EmptyBody;
  0x0003: EmptyBody;
  0x0004: EmptyBody;
  0x8004: ServerTime;
  0x8204: EmptyBody;
  0x8003: RetransmitRequest;
  0x0005: RetransmitRequest;
  0x0100: Register;
  0x8100: RegisterResponse;
  0x0102: Authenticate;
  // location.ts
  0x0200: LocationReport;
  0x8201: EmptyBody;
  0x0201: LocationQueryResponse;
  0x8202: TemporaryTracking;
  0x0704: LocationBatch;
  // parameters.ts
  0x8103: SetParams;
  0x8104: EmptyBody;
  0x8106: QueryParams;
  0x0104: ParamsResponse;
  // terminal.ts
  0x8105: TerminalControl;
  0x8107: EmptyBody;
  0x0107: TerminalAttributes;
  // text.ts
  0x8300: TextMessage;
  0x6006: TerminalTextReport;
  // multimedia.ts
  0x0800: MediaEvent;
  0x0801: MediaData;
  0x8800: MediaDataResponse;
  0x8801: TakePhoto;
  0x0805: TakePhotoResponse;
  // regions.ts
  0x8600: SetCircleAreas;
  0x8601: DeleteAreas;
  0x8602: SetRectangleAreas;
  0x8603: DeleteAreas;
  0x8604: SetPolygonArea;
  0x8605: DeleteAreas;
  0x8606: SetRoute;
  0x8607: DeleteAreas;
  0x8608: QueryRegions;
  0x0608: RegionQueryAnswer;
  // passthrough.ts
  0x0900: PassThrough;
  0x8900: PassThrough;
  // av.ts (JT/T 1078)
  0x9003: EmptyBody;
  0x1003: AvCapabilities;
  0x9101: LiveVideoRequest;
  0x9102: LiveVideoControl;
  0x9105: LiveVideoStatus;
  0x9201: PlaybackRequest;
  0x9202: PlaybackControl;
  0x9205: QueryResources;
  0x1205: ResourceList;
  0x9206: FileUploadRequest;
  0x1206: FileUploadResult;
  0x9207: FileUploadControl;
  // active-safety.ts (T/JSATL 12)
  0x9208: AlarmAttachmentRequest;
  0x1210: AlarmAttachmentList;
  0x1211: AttachmentFileInfo;
  0x1212: AttachmentFileDone;
  0x9212: AttachmentFileDoneResponse;
}

export type MsgId = keyof BodyMap;

/** A decoded or to-be-encoded message: `msgId` discriminates `body`. */
export type Jt808Message = { [K in MsgId]: { msgId: K; body: BodyMap[K] } }[MsgId];

/** The union member for one message ID, e.g. `MessageOf<0x0200>`. */
export type MessageOf<K extends MsgId> = { msgId: K; body: BodyMap[K] };
