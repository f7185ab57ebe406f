/**
 * The terminal's parameter table (JT/T 808 §8.8 table 12 subset): what 0x8103 sets and 0x8104 / 0x8106 read back.
 * Values are typed as the standard says (DWORD numbers, STRING text); ids the console uses (spec section 9) are
 * all present.
 */
export type ParamValue = number | string;

export function defaultParameters(opts: {
  host: string;
  port: number;
  interval: number;
  odometerKm: number;
  plate: string;
}): Map<number, ParamValue> {
  return new Map<number, ParamValue>([
    [0x0001, 30], // heartbeat interval, s
    [0x0002, 10], // TCP reply timeout, s
    [0x0003, 3], // TCP retransmissions
    [0x0013, opts.host], // main server address
    [0x0018, opts.port], // server TCP port
    [0x0020, 0], // report strategy: timed
    [0x0021, 0], // report scheme: by ACC
    [0x0027, 60], // report interval when sleeping, s
    [0x0029, opts.interval], // default report interval, s
    [0x002c, 200], // default report distance, m
    [0x0030, 15], // corner angle, °
    [0x0055, 60], // max speed, km/h
    [0x0056, 10], // over-speed duration, s
    [0x005b, 50], // over-speed warning margin, 1/10 km/h
    [0x0080, Math.round(opts.odometerKm * 10)], // odometer, 1/10 km
    [0x0083, opts.plate],
    [0x0084, 2], // plate colour yellow (buses)
    [0xfff1, 0],
    [0xfff2, 0],
  ]);
}
