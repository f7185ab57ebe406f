// A vehicle's cameras from its `channel` field (spec section 3 "Vehicle": comma-separated names; empty dropped;
// a name with * means no audio). The n-th name is logical channel n, so an empty name leaves a gap rather than
// renumbering the cameras after it (CH1,,CH3 → channels 1 and 3), as the snapshot window reads it.

export interface Camera {
  /** JT/T 1078 logical channel, 1-based. */
  chn: number;
  name: string;
  /** False when the name carries `*`: the channel has no microphone, so audio is not requested. */
  audio: boolean;
}

/** The highest logical channel JT/T 1078 table 2 defines. */
export const MAX_CHANNEL = 37;

export function parseCameras(channel: string | null | undefined): Camera[] {
  if (!channel) return [];
  const out: Camera[] = [];
  channel.split(',').forEach((raw, i) => {
    const trimmed = raw.trim();
    const audio = !trimmed.includes('*');
    const name = trimmed.replaceAll('*', '').trim();
    const chn = i + 1;
    if (name !== '' && chn <= MAX_CHANNEL) out.push({ chn, name, audio });
  });
  return out;
}
