/**
 * @headway/protocol — JT/T 808 (2011/2013/2019), JT/T 1078 signalling and RTP, T/JSATL 12 codec.
 * Pure functions and small stateful splitters; no I/O. See docs/protocol.md for the API guide.
 */

// The parameter IDs and their types are spec tables; re-exported because callers of the codec name them.
export { PARAM_TYPES, ParamId, type ParamType, type ParamValueMap } from '@headway/spec';
// T/JSATL 12 attachment connection
export {
  decodeFileDataPacket,
  encodeFileDataPacket,
  type FileDataDecodeResult,
  type FileDataPacket,
} from './attachment/file-data.ts';
export { type AttachmentChunk, AttachmentSplitter, type AttachmentSplitterOptions } from './attachment/splitter.ts';
// Primitives
export { epochToLocalTime, type LocalTime, localTimeToEpoch } from './codec/bcd.ts';
export { type CodecError, type CodecErrorCode, CodecFault, type Result } from './codec/errors.ts';
export { fromHex, toHex } from './codec/hex.ts';
export { decodeGbk, encodeGbk } from './codec/text.ts';
export { escapeFrame, unescapeFrame, xorChecksum } from './frame/escape.ts';
// Frame layer
export {
  bodyContext,
  type DecodeBodyResult,
  type DecodedMessage,
  type DecodeFrameResult,
  type DecodeOptions,
  decodeBody,
  decodeFrame,
  type EncodeOptions,
  encodeBody,
  encodeFrames,
  encodeMessage,
  encodePlatformResponse,
  encodeRawFrame,
  type ParseFrameResult,
  parseFrame,
  platformResponse,
  type RawFrame,
  replyOptions,
} from './frame/frame.ts';
export { type Jt808Header, MAX_BODY_LENGTH, type ProtocolVersion, readHeader } from './frame/header.ts';
export { FrameSplitter, type FrameSplitterOptions, type FrameSplitterStats } from './frame/splitter.ts';
export {
  type AssemblyResult,
  type ExpiredAssembly,
  SubpackageAssembler,
  type SubpackageAssemblerOptions,
} from './frame/subpackage.ts';
// Location details
export type { AlarmIdent } from './location/alarm-ident.ts';
export * from './location/flags.ts';
export { isRawItem, type KnownItem, type LocationItem, type RawItem } from './location/items.ts';
export { type LocationBasic, type LocationInput, type LocationReport, makeLocation } from './location/report.ts';
export type { AdasAlarm, BsdAlarm, DsmAlarm, TpmsAlarm, TpmsEvent } from './location/safety-items.ts';
export type {
  AlarmAttachmentList,
  AlarmAttachmentRequest,
  AttachmentEntry,
  AttachmentFileDone,
  AttachmentFileDoneResponse,
  AttachmentFileInfo,
} from './messages/active-safety.ts';
export type {
  Alarm64,
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
  ResourceItem,
  ResourceList,
  ResourceSpan,
} from './messages/av.ts';
// Message table and types
export type { AlarmIdentProfile, BodyContext, EmptyBody, MessageCodec } from './messages/codec.ts';
export type { LocationBatch, LocationQueryResponse, TemporaryTracking } from './messages/location.ts';
export type { MediaData, MediaDataResponse, MediaEvent, TakePhoto, TakePhotoResponse } from './messages/multimedia.ts';
export {
  decodeParamValue,
  type Param,
  type ParamsResponse,
  paramValue,
  type QueryParams,
  type SetParams,
} from './messages/parameters.ts';
export type { PassThrough } from './messages/passthrough.ts';
export type {
  AreaLimits,
  CircleArea,
  DeleteAreas,
  LatLng,
  QueryRegions,
  RectangleArea,
  RegionQueryAnswer,
  RoutePoint,
  SetCircleAreas,
  SetPolygonArea,
  SetRectangleAreas,
  SetRoute,
} from './messages/regions.ts';
export { RegionQueryType } from './messages/regions.ts';
export {
  type Authenticate,
  type GeneralResponse,
  GeneralResult,
  type Register,
  type RegisterResponse,
  type RetransmitRequest,
  type ServerTime,
} from './messages/session.ts';
export { codecFor, isKnownMsgId, supportedMessages } from './messages/table.ts';
export type { TerminalAttributes, TerminalControl } from './messages/terminal.ts';
export type { TerminalTextReport, TextMessage } from './messages/text.ts';
export type { BodyMap, Jt808Message, MessageOf, MsgId } from './messages/types.ts';
export { type MediaFrame, RtpFrameAssembler, type RtpFrameAssemblerOptions } from './rtp/assembler.ts';
// JT/T 1078 stream packets
export {
  decodeRtpPacket,
  encodeRtpPacket,
  RTP_MAGIC,
  RtpDataType,
  type RtpDecodeResult,
  RtpMark,
  type RtpOptions,
  type RtpPacket,
  rtpHeaderLength,
  rtpPacketLength,
} from './rtp/packet.ts';
export { RtpSplitter, type RtpSplitterOptions } from './rtp/splitter.ts';
