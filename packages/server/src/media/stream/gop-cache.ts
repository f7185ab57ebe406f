/**
 * The tags since the last keyframe, so a viewer who joins now gets a picture at once instead of waiting up to a
 * GOP (terminals send one I-frame every 1–4 s; the capture has 3 s). Bounded: a GOP that outgrows `maxBytes`
 * (a terminal with a very long I-frame interval) is dropped and caching resumes at the next keyframe; late viewers
 * then wait for it.
 */
import type { FlvVideoTag } from '../flv/video-muxer.ts';

export class GopCache {
  private tags: FlvVideoTag[] = [];
  private size = 0;
  private active = false;

  constructor(private readonly maxBytes = 4 * 1024 * 1024) {}

  add(tag: FlvVideoTag): void {
    if (tag.sequenceHeader) return;
    if (tag.keyframe) {
      this.tags = [tag];
      this.size = tag.bytes.length;
      this.active = true;
      return;
    }
    if (!this.active) return;
    this.size += tag.bytes.length;
    if (this.size > this.maxBytes) {
      this.clear();
      return;
    }
    this.tags.push(tag);
  }

  clear(): void {
    this.tags = [];
    this.size = 0;
    this.active = false;
  }

  /** The cached GOP, first tag a keyframe; empty when there is none. */
  get gop(): readonly FlvVideoTag[] {
    return this.tags;
  }

  get bytes(): number {
    return this.size;
  }
}
