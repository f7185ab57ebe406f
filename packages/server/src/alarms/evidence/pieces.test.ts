import { describe, expect, it } from 'vitest';
import { alarmIdOf, alarmNumber, identOfAlarm, protocolIdent } from './alarm-key.ts';
import { contentTypeOf, evidencePath, safeSegment } from './paths.ts';
import { parseRange } from './range.ts';
import { ReceivedRanges } from './ranges.ts';

// The small pure parts of the attachment server: received ranges, HTTP ranges, safe names, alarm numbers.

describe('received ranges', () => {
  it('merges pieces in any order, overlapping or repeated, and lists the gaps', () => {
    const r = new ReceivedRanges();
    r.add(100, 50);
    r.add(0, 10);
    r.add(140, 30);
    r.add(0, 10);
    r.add(10, 5);
    expect(r.missing(200)).toEqual([
      { offset: 15, length: 85 },
      { offset: 170, length: 30 },
    ]);
    expect(r.received).toBe(85);
    r.add(15, 85);
    r.add(170, 30);
    expect(r.complete(200)).toBe(true);
    expect(r.missing(200)).toEqual([]);
  });

  it('reports at most the limit of ranges (0x9212 counts them in a byte)', () => {
    const r = new ReceivedRanges();
    for (let i = 0; i < 600; i += 2) r.add(i, 1);
    expect(r.missing(600)).toHaveLength(255);
    expect(r.missing(600, 3)).toEqual([
      { offset: 1, length: 1 },
      { offset: 3, length: 1 },
      { offset: 5, length: 1 },
    ]);
  });

  it('treats an empty file as complete and a file with nothing received as one gap', () => {
    expect(new ReceivedRanges().complete(0)).toBe(true);
    expect(new ReceivedRanges().missing(10)).toEqual([{ offset: 0, length: 10 }]);
  });
});

describe('HTTP Range', () => {
  it('serves one range, a suffix or an open end; refuses one past the end; ignores what it does not serve', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('invalid');
    expect(parseRange('bytes=-0', 1000)).toBe('invalid');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=5-3', 1000)).toBeUndefined();
    expect(parseRange(undefined, 1000)).toBeUndefined();
  });
});

describe('evidence paths', () => {
  it('keeps T/JSATL 12 names as they are and reduces anything else to a safe segment with a hash', () => {
    const name = '00_65_6502_1_HW000000000000000000000000000042.jpg';
    expect(safeSegment(name)).toBe(name);
    expect(evidencePath(7, 'HW00001_251122081530_3', name)).toBe(`7/HW00001_251122081530_3/${name}`);
    for (const hostile of ['..', '../x', 'a/b.jpg', '.hidden', 'a..b', 'x\u0000.jpg', '照片.jpg', '']) {
      const safe = safeSegment(hostile);
      expect(safe).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*-[0-9a-f]{8}(\.[A-Za-z0-9]{1,5})?$/);
    }
    expect(safeSegment('a/b.jpg')).not.toBe(safeSegment('a_b.jpg'));
    expect(safeSegment('a/b.jpg').endsWith('.jpg')).toBe(true);
  });

  it('names the content type by extension', () => {
    expect(contentTypeOf('x.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('x.mp4')).toBe('video/mp4');
    expect(contentTypeOf('x.bin')).toBe('application/octet-stream');
  });
});

describe('alarm numbers and identifications', () => {
  it('issues a 32-character alarm number that leads back to the alarm row', () => {
    const no = alarmNumber(123_456);
    expect(no).toHaveLength(32);
    expect(alarmIdOf(no)).toBe(123_456);
    expect(alarmIdOf('a1b2c3d4e5f60718293a4b5c6d7e8f90')).toBeUndefined();
    expect(alarmIdOf(`HW${'0'.repeat(30)}`)).toBeUndefined();
  });

  it("takes the detector's identification from the row, else reads it back from the key", () => {
    const ident = { terminalId: 'HW00001', time: '251122081530', seq: 3, attachmentCount: 3, reservedHex: '00' };
    expect(identOfAlarm({ alarm_key: 'x', attached: JSON.stringify({ ident }), attached_count: 3 })).toEqual(ident);
    expect(identOfAlarm({ alarm_key: 'HW00001_251122081530_3', attached: '{}', attached_count: 2 })).toEqual({
      ...ident,
      attachmentCount: 2,
    });
    expect(identOfAlarm({ alarm_key: '013900000101_1_1763770530', attached: '{}', attached_count: 0 })).toBeUndefined();
    const wide = protocolIdent({ ...ident, terminalId: 'GD0000000000000000001', reservedHex: '0000' });
    expect(wide.reserved).toHaveLength(2);
  });
});
