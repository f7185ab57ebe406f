import { describe, expect, it } from 'vitest';
import { parseCameras } from './channels';

describe('parseCameras', () => {
  it('numbers the names from 1 and reads * as no audio', () => {
    expect(parseCameras('CH1,CH2,Door*')).toEqual([
      { chn: 1, name: 'CH1', audio: true },
      { chn: 2, name: 'CH2', audio: true },
      { chn: 3, name: 'Door', audio: false },
    ]);
  });

  it('drops empty names but keeps the channel numbers of the rest', () => {
    expect(parseCameras(' Front , ,Rear*,')).toEqual([
      { chn: 1, name: 'Front', audio: true },
      { chn: 3, name: 'Rear', audio: false },
    ]);
  });

  it('a lone * is an empty name', () => {
    expect(parseCameras('*,CH2')).toEqual([{ chn: 2, name: 'CH2', audio: true }]);
  });

  it('nothing for empty, null and undefined', () => {
    expect(parseCameras('')).toEqual([]);
    expect(parseCameras(null)).toEqual([]);
    expect(parseCameras(undefined)).toEqual([]);
  });

  it('stops at the standard last channel (37)', () => {
    const many = Array.from({ length: 40 }, (_, i) => `C${i + 1}`).join(',');
    expect(
      parseCameras(many)
        .map((c) => c.chn)
        .at(-1),
    ).toBe(37);
  });
});
