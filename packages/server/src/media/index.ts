/** The media core: JT/T 1078 frames → FLV for viewers, G.711 → PCM for listeners (docs/media.md). */
export { decodeG711, type G711Law, stripHisiliconHeader } from './audio/g711.ts';
export { AudioPayloadType, decodeAudioFrame, type PcmFrame } from './audio/pcm.ts';
export { FlvTagType, flvHeader, flvTag } from './flv/flv-writer.ts';
export { Timeline } from './flv/timeline.ts';
export {
  FlvVideoMuxer,
  type FlvVideoTag,
  type HevcFlvForm,
  type VideoCodec,
  type VideoFrameIn,
} from './flv/video-muxer.ts';
export { type LiveStreamStats, VideoPayloadType, type ViewerHandle } from './stream/live-stream.ts';
export { type HubStats, StreamHub, type StreamHubOptions, type StreamKey, streamKeyId } from './stream/stream-hub.ts';
export type { ViewerCloseReason, ViewerPolicy, ViewerSink, ViewerTarget } from './stream/viewer.ts';
