import type Mpegts from 'mpegts.js';
import { useEffect, useRef } from 'react';
import { httpUrl, wsUrl } from './source-url';

export interface FlvSource {
  /** WebSocket-FLV path: preferred, since HTTP/1.1 allows only six streams per origin and a grid has up to 36. */
  ws?: string;
  http?: string;
}

export interface FlvVideoProps {
  source: FlvSource;
  /** Live: chase the live edge. Recorded: play as it comes. */
  live?: boolean;
  /** The first decoded picture is on screen. */
  onFirstFrame?: () => void;
  onError?: (reason: string) => void;
  /** The server closed the stream. */
  onEnded?: () => void;
  className?: string;
  label?: string;
}

// mpegts.js (≈ 80 KiB gzipped) is fetched with the first video, never with the shell.
let loader: Promise<typeof Mpegts> | null = null;
/** Starts fetching the player while the window's request is still out (the first picture should not wait for it). */
export function loadMpegts(): Promise<typeof Mpegts> {
  loader ??= import('mpegts.js').then((m) => m.default);
  return loader;
}

/**
 * One FLV stream in a <video>, always muted: MSE cannot carry the terminals' G.711 audio, which plays beside it
 * (PcmAudio). Low-latency settings: no IO stash, live-edge chasing when more than 1 s is buffered, small MSE
 * buffers cleaned up behind the play head.
 */
export function FlvVideo({ source, live = true, onFirstFrame, onError, onEnded, className, label }: FlvVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onFirstFrame, onError, onEnded });
  callbacks.current = { onFirstFrame, onError, onEnded };
  const url = source.ws ? wsUrl(source.ws) : source.http ? httpUrl(source.http) : '';

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    let player: Mpegts.Player | null = null;
    let cancelled = false;
    const firstFrame = () => {
      // A picture is presented once the element has current data (readyState ≥ 2) and time moves.
      video.removeEventListener('loadeddata', firstFrame);
      callbacks.current.onFirstFrame?.();
    };
    video.addEventListener('loadeddata', firstFrame);
    loadMpegts().then(
      (mpegts) => {
        if (cancelled) return;
        if (!mpegts.isSupported()) {
          callbacks.current.onError?.('Media Source Extensions are not available');
          return;
        }
        player = mpegts.createPlayer(
          { type: 'flv', url, isLive: live, hasAudio: false, hasVideo: true },
          {
            enableWorker: false,
            enableStashBuffer: false,
            stashInitialSize: 128 * 1024,
            lazyLoad: false,
            autoCleanupSourceBuffer: true,
            autoCleanupMaxBackwardDuration: 30,
            autoCleanupMinBackwardDuration: 10,
            liveBufferLatencyChasing: live,
            liveBufferLatencyMaxLatency: 1.0,
            liveBufferLatencyMinRemain: 0.2,
          },
        );
        player.on(mpegts.Events.ERROR, (type: string, detail: string) => {
          callbacks.current.onError?.(`${type}: ${detail}`);
        });
        player.on(mpegts.Events.LOADING_COMPLETE, () => callbacks.current.onEnded?.());
        player.attachMediaElement(video);
        player.load();
        const played = player.play();
        if (played instanceof Promise) played.catch(() => undefined);
      },
      (error: unknown) => callbacks.current.onError?.(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      cancelled = true;
      video.removeEventListener('loadeddata', firstFrame);
      if (player) {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      }
    };
  }, [url, live]);

  return <video ref={videoRef} className={className} muted playsInline aria-label={label} data-testid="flv-video" />;
}
