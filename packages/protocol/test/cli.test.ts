/** The CLI, spawned as users run it: one JSON line per input line, errors as JSON, never a stack trace. */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../bin/jt808.mjs');

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, lines: r.stdout.split('\n').filter((l) => l !== ''), stderr: r.stderr };
}

const GENERAL = '7e800100051234567890120001007b01c803be7e';
const HEARTBEAT_7E_CHECK = '7e00020000040021679287002b7d027e'; // check code 0x7E sent escaped (sc808-0002-2013-1)

describe('jt808 CLI', () => {
  it('decodes hex arguments, one JSON object per frame', () => {
    const r = run(['decode', GENERAL]);
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(1);
    const o = JSON.parse(r.lines[0]!);
    expect(o).toMatchObject({ ok: true, msgId: '0x8001', body: { replyFlowId: 123, replyMsgId: '0x01C8', result: 3 } });
  });

  it('reads stdin line by line and keeps output lines aligned with input lines on errors', () => {
    const r = run(['decode'], `${GENERAL}\nnot hex\n7e0200\n${HEARTBEAT_7E_CHECK}\n`);
    expect(r.lines).toHaveLength(4);
    const [a, b, c, d] = r.lines.map((l) => JSON.parse(l));
    expect(a.ok).toBe(true);
    expect(b).toEqual({ ok: false, error: { code: 'BAD_VALUE', message: 'not a hex string' } });
    expect(c.ok).toBe(false);
    expect(c.error.code).toBe('FRAME_TOO_SHORT');
    expect(d).toMatchObject({ ok: true, msgId: '0x0002', header: { phone: '040021679287' } });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/at .*\.ts/);
  });

  it('adds named alarm and status flags to location reports', () => {
    const enc = run([
      'encode',
      '--phone',
      '012345678901',
      '--flow-id',
      '1',
      JSON.stringify({
        msgId: '0x0200',
        body: {
          alarmFlags: 1,
          status: 2,
          latRaw: 29664720,
          lngRaw: 120417162,
          altitude: 56,
          speedRaw: 45,
          direction: 90,
          time: '2018-10-15T10:10:10',
          items: [],
        },
      }),
    ]);
    expect(enc.code).toBe(0);
    const o = JSON.parse(run(['decode', enc.lines[0]!]).lines[0]!);
    expect(o.body.alarms.sos).toBe(true);
    expect(o.body.states.gpsValid).toBe(true);
    expect(o.body.states.accOn).toBe(false);
  });

  it('names the terminal type, GNSS and comms bits of a 0x0107, and encodes it back without them', () => {
    const hex =
      '7e0107004111223344556622b8000531303630313130343535353435393535313033000000000000346436613133001234567890123456789007616263646566670a706f69757974726577710709ea7e'; // sc808-0107-2013-1
    const o = JSON.parse(run(['decode', hex]).lines[0]!);
    expect(o.body.flags).toEqual({
      terminalType: ['passenger', 'freight'],
      gnss: ['gps', 'bds', 'glonass'],
      comm: ['gprs', 'wcdma'],
    });
    const enc = run(['encode', '--version', '2013', '--phone', '112233445566', '--flow-id', '8888', JSON.stringify(o)]);
    expect(enc.lines).toEqual([hex]);
  });

  it('encodes JSON to hex, and accepts its own decode output back', () => {
    const r = run([
      'encode',
      '--phone',
      '123456789012',
      '--flow-id',
      '1',
      '{"msgId":"0x8001","body":{"replyFlowId":123,"replyMsgId":"0x01C8","result":3}}',
    ]);
    expect(r.code).toBe(0);
    expect(r.lines).toEqual([GENERAL]);
    const decoded = run(['decode', GENERAL]).lines[0]!;
    expect(run(['encode', decoded]).lines).toEqual([GENERAL]);
  });

  it('prints a one-line JSON error for bad encode input', () => {
    const r = run(['encode', '{"msgId":"0x8001","body":{"replyFlowId":70000,"replyMsgId":1,"result":0}}']);
    expect(r.code).toBe(1);
    expect(r.lines).toHaveLength(1);
    expect(JSON.parse(r.lines[0]!)).toMatchObject({ ok: false, error: { code: 'ENCODE_INVALID' } });
    const bad = run(['encode', '{not json']);
    expect(JSON.parse(bad.lines[0]!)).toMatchObject({ ok: false, error: { code: 'BAD_VALUE' } });
  });

  it('decodes JT/T 1078 stream packets on the same command', () => {
    const rtp = '30316364816200000112345678900102000001020304050600280014000401020304';
    const o = JSON.parse(run(['decode', rtp]).lines[0]!);
    expect(o).toMatchObject({ ok: true, kind: 'jt1078-stream', packet: { payloadType: 98, dataType: 0 } });
  });
});
