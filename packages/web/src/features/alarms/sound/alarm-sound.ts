import { ALARM_SOUNDS } from '@headway/spec';

// The alarm sound (spec section 4: it plays while any popup is open): the user's choice (user config
// `alarm_sound`), looped. Browsers refuse to start audio before the page has had a user gesture (a reload of a
// signed-in console has had none); the refusal is reported, and the first click or key anywhere retries.
// The files are synthetic tones made with ffmpeg (docs/console.md "Alarm sounds").

export type AlarmSoundName = (typeof ALARM_SOUNDS)[number];

/** Where the console serves a sound (packages/web/public/sounds/, copied to the build's root). */
export function alarmSoundUrl(name: string): string {
  const known = (ALARM_SOUNDS as readonly string[]).includes(name) ? name : ALARM_SOUNDS[0];
  return `${import.meta.env.BASE_URL}sounds/${known}`;
}

/** What the sound needs of an HTMLAudioElement (tests pass their own). */
export interface AudioLike {
  loop: boolean;
  currentTime: number;
  play(): Promise<void>;
  pause(): void;
}

export interface AlarmSoundOptions {
  createAudio?: (url: string) => AudioLike;
  /** Called with true when the browser refused to play, false once it plays or stops being wanted. */
  onBlocked: (blocked: boolean) => void;
  /** Where a gesture is awaited after a refusal. */
  target?: Pick<Document, 'addEventListener' | 'removeEventListener'> | null;
}

const GESTURES = ['pointerdown', 'keydown'] as const;

export class AlarmSound {
  private audio: AudioLike | null = null;
  private url: string;
  private active = false;
  private waiting = false;
  private readonly createAudio: (url: string) => AudioLike;

  constructor(
    name: string,
    private readonly options: AlarmSoundOptions,
  ) {
    this.url = alarmSoundUrl(name);
    this.createAudio = options.createAudio ?? ((url) => new Audio(url));
  }

  /** Plays while active (any popup open), stops when not. */
  setActive(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    if (active) this.start();
    else this.stop();
  }

  /** The user chose another sound. */
  setSound(name: string): void {
    const url = alarmSoundUrl(name);
    if (url === this.url) return;
    this.stop();
    this.audio = null;
    this.url = url;
    if (this.active) this.start();
  }

  /** Called from a click (the "enable sound" affordance): inside a gesture the browser lets it play. */
  unlock(): void {
    if (this.active) this.start();
  }

  dispose(): void {
    this.active = false;
    this.stop();
    this.audio = null;
  }

  private readonly retry = () => {
    this.unwait();
    this.unlock();
  };

  private start(): void {
    if (!this.audio) {
      this.audio = this.createAudio(this.url);
      this.audio.loop = true;
    }
    const audio = this.audio;
    audio.play().then(
      () => {
        // Popups may have closed while play() was pending.
        if (!this.active || audio !== this.audio) audio.pause();
        this.unwait();
        this.options.onBlocked(false);
      },
      (error: unknown) => {
        if (!this.active || audio !== this.audio) return;
        // NotAllowedError: no gesture yet. Anything else (file missing, no audio device) cannot be fixed by a
        // click, so the console stays quiet rather than offering a button that does nothing.
        if ((error as { name?: string } | null)?.name !== 'NotAllowedError') return;
        this.options.onBlocked(true);
        this.wait();
      },
    );
  }

  private stop(): void {
    this.unwait();
    if (this.audio) {
      this.audio.pause();
      this.audio.currentTime = 0;
    }
    this.options.onBlocked(false);
  }

  private wait(): void {
    const target = this.options.target === undefined ? document : this.options.target;
    if (this.waiting || !target) return;
    this.waiting = true;
    for (const type of GESTURES) target.addEventListener(type, this.retry, { capture: true });
  }

  private unwait(): void {
    if (!this.waiting) return;
    this.waiting = false;
    const target = this.options.target === undefined ? document : this.options.target;
    for (const type of GESTURES) target?.removeEventListener(type, this.retry, { capture: true });
  }
}
