/** 0x8608 query areas or routes and its 0x0608 answer (JT/T 808-2019): layout and round trip for every kind. */
import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody } from '../src/frame/frame.ts';
import type { ProtocolVersion } from '../src/frame/header.ts';
import type { Jt808Message } from '../src/messages/types.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

function roundTrip(msg: Jt808Message, version: ProtocolVersion = 2019) {
  const body = encodeBody(msg, { version });
  const d = decodeBody(msg.msgId, body, { versionFlag: version === 2019 }, { version });
  if (!d.ok) throw new Error(`${d.error.code}: ${d.error.message}`);
  return { body, message: d.message };
}

describe('0x8608 query areas or routes', () => {
  it('is the type BYTE, a DWORD count and the ids', () => {
    const msg: Jt808Message = { msgId: 0x8608, body: { type: 3, ids: [7, 0x01020304] } };
    const { body, message } = roundTrip(msg);
    expect(hex(body)).toBe('03' + '00000002' + '00000007' + '01020304');
    expect(message).toEqual(msg);
  });

  it('asks for all of a kind with no ids', () => {
    const { body, message } = roundTrip({ msgId: 0x8608, body: { type: 1, ids: [] } });
    expect(hex(body)).toBe('0100000000');
    expect(message).toEqual({ msgId: 0x8608, body: { type: 1, ids: [] } });
  });
});

describe('0x0608 query answer', () => {
  const answers: Jt808Message[] = [
    {
      msgId: 0x0608,
      body: {
        type: 1,
        items: [
          { id: 1, attr: 0, lat: 22.543, lng: 114.057, radius: 300, name: 'Depot' },
          {
            id: 2,
            attr: 2,
            lat: 13.75,
            lng: 100.5,
            radius: 100,
            maxSpeed: 40,
            overspeedDuration: 10,
            nightMaxSpeed: 30,
            name: '',
          },
        ],
      },
    },
    {
      msgId: 0x0608,
      body: {
        type: 2,
        items: [
          {
            id: 3,
            attr: 1,
            topLat: 22.55,
            leftLng: 114.05,
            bottomLat: 22.53,
            rightLng: 114.07,
            start: '000000080000',
            end: '000000200000',
            name: '场站',
          },
        ],
      },
    },
    {
      msgId: 0x0608,
      body: {
        type: 3,
        items: [
          {
            id: 4,
            attr: 0,
            vertices: [
              { lat: 22.55, lng: 114.05 },
              { lat: 22.55, lng: 114.07 },
              { lat: 22.53, lng: 114.07 },
            ],
            name: 'Yard',
          },
          { id: 5, attr: 0, vertices: [], name: '' },
        ],
      },
    },
    {
      msgId: 0x0608,
      body: {
        type: 4,
        items: [
          {
            id: 6,
            attr: 0,
            points: [
              { pointId: 1, segmentId: 1, lat: 22.5, lng: 114.0, width: 60, segAttr: 0 },
              {
                pointId: 2,
                segmentId: 1,
                lat: 22.6,
                lng: 114.1,
                width: 60,
                segAttr: 2,
                maxSpeed: 50,
                overspeedDuration: 5,
                nightMaxSpeed: 40,
              },
            ],
            name: 'Corridor',
          },
        ],
      },
    },
    { msgId: 0x0608, body: { type: 3, items: [] } },
  ];

  for (const msg of answers) {
    it(`round-trips query type ${msg.msgId === 0x0608 ? msg.body.type : ''} with ${msg.msgId === 0x0608 ? msg.body.items.length : 0} item(s)`, () => {
      expect(roundTrip(msg).message).toEqual(msg);
    });
  }

  it('lays a circle item out as one 0x8600 area after the type and DWORD count', () => {
    const circle = { id: 9, attr: 0, lat: 1, lng: 2, radius: 300 };
    const answer = encodeBody({ msgId: 0x0608, body: { type: 1, items: [circle] } }, { version: 2013 });
    const set = encodeBody({ msgId: 0x8600, body: { action: 1, areas: [circle] } }, { version: 2013 });
    expect(hex(answer)).toBe(`01${'00000001'}${hex(set.subarray(2))}`);
  });

  it('lays a route item out as the whole 0x8606 body', () => {
    const route = {
      id: 6,
      attr: 0,
      points: [{ pointId: 1, segmentId: 1, lat: 1, lng: 2, width: 10, segAttr: 0 }],
      name: 'R',
    };
    const answer = encodeBody({ msgId: 0x0608, body: { type: 4, items: [route] } }, { version: 2019 });
    const set = encodeBody({ msgId: 0x8606, body: route }, { version: 2019 });
    expect(hex(answer)).toBe(`04${'00000001'}${hex(set)}`);
  });

  it('refuses an unknown query type and a truncated list as error values', () => {
    const bad = decodeBody(0x0608, Uint8Array.from([5, 0, 0, 0, 0]), { versionFlag: true }, { version: 2019 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('BAD_VALUE');
    const short = decodeBody(0x0608, Uint8Array.from([3, 0, 0, 0, 2, 0, 0]), { versionFlag: true }, { version: 2019 });
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.error.code).toBe('BODY_TOO_SHORT');
  });
});
