import { describe, expect, it } from 'vitest';
import {
  checkParameterValue,
  PARAM_TYPES,
  PARAMETERS,
  ParamId,
  parameterOf,
  shownParameterValue,
} from './parameters.ts';

describe('parameter table', () => {
  it('gives every named ID its standard type, once', () => {
    const ids = Object.values(PARAMETERS).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, def] of Object.entries(PARAMETERS)) expect(PARAM_TYPES.get(def.id), name).toBe(def.type);
  });

  it('types the standard runs, with the later run winning inside an earlier one', () => {
    expect(PARAM_TYPES.get(0x0075)).toBe('bytes');
    expect(PARAM_TYPES.get(0x007a)).toBe('dword');
    expect(PARAM_TYPES.get(0x0110)).toBe('bytes');
    expect(PARAM_TYPES.get(0x0032)).toBe('bytes');
    expect(PARAM_TYPES.has(0x0033)).toBe(false);
  });

  it('has edit rules for exactly the IDs spec section 5 formats', () => {
    const formatted = Object.values(PARAMETERS)
      .filter((p) => 'edit' in p)
      .map((p) => p.id)
      .sort((a, b) => a - b);
    expect(formatted).toEqual([1, 19, 24, 41, 44, 48, 85, 86, 91, 128, 65521]);
    expect(parameterOf(65522)?.id).toBe(ParamId.vendorFff2);
  });
});

describe('parameter edit (spec section 5)', () => {
  it('requires a value and trims it', () => {
    expect(checkParameterValue(ParamId.heartbeatInterval, '   ')).toEqual({ ok: false, reason: 'required' });
    expect(checkParameterValue(ParamId.heartbeatInterval, ' 30 ')).toEqual({ ok: true, value: 30 });
    expect(checkParameterValue(ParamId.plate, ' ABC ')).toEqual({ ok: true, value: 'ABC' });
  });

  it('checks integer ranges at both ends', () => {
    expect(checkParameterValue(ParamId.heartbeatInterval, '4')).toEqual({ ok: false, reason: 'range' });
    expect(checkParameterValue(ParamId.heartbeatInterval, '5')).toMatchObject({ ok: true });
    expect(checkParameterValue(ParamId.heartbeatInterval, '86400')).toMatchObject({ ok: true });
    expect(checkParameterValue(ParamId.heartbeatInterval, '86401')).toEqual({ ok: false, reason: 'range' });
    expect(checkParameterValue(ParamId.defaultReportDistance, '9')).toEqual({ ok: false, reason: 'range' });
    expect(checkParameterValue(ParamId.cornerAngle, '105')).toMatchObject({ ok: true });
    expect(checkParameterValue(ParamId.maxSpeed, '12.5')).toEqual({ ok: false, reason: 'integer' });
    expect(checkParameterValue(ParamId.serverTcpPort, '65536')).toEqual({ ok: false, reason: 'range' });
  });

  it('checks dotted IPv4 octets', () => {
    expect(checkParameterValue(ParamId.mainServerAddress, '10.0.0.255')).toEqual({ ok: true, value: '10.0.0.255' });
    expect(checkParameterValue(ParamId.mainServerAddress, '10.0.0.256')).toEqual({ ok: false, reason: 'ipv4' });
    expect(checkParameterValue(ParamId.mainServerAddress, 'gw.example.com')).toEqual({ ok: false, reason: 'ipv4' });
  });

  it('shows IDs 91 and 128 divided by 10 and sends them multiplied by 10, 128 with one decimal', () => {
    expect(checkParameterValue(ParamId.odometer, '1234.5')).toEqual({ ok: true, value: 12345 });
    expect(checkParameterValue(ParamId.odometer, '1234.56')).toEqual({ ok: false, reason: 'decimal' });
    expect(checkParameterValue(ParamId.overspeedWarningMargin, '5')).toEqual({ ok: true, value: 50 });
    expect(shownParameterValue(ParamId.odometer, 12345)).toBe(1234.5);
    expect(shownParameterValue(ParamId.heartbeatInterval, 30)).toBe(30);
  });
});
