import {
  formatLatLng,
  formatRegionPoint,
  parseRegionPoint,
  REGION_NAME_MAX,
  REGION_REMARK_MAX,
  regionCentre,
} from '@headway/spec';
import type { CreateRegionBody } from '../contract/index.ts';
import { parameterError } from '../kernel/errors.ts';
import type { RegionValues } from './queries.ts';

// A create or update body checked against spec section 5 ("Region name required, trimmed, max 128; remark max
// 255; types 1-4 need a drawn shape") and turned into the stored values. Failures are 1004 naming the field.

/** The trimmed name, or 1004 region_name. */
export function regionName(raw: string): string {
  const name = raw.trim();
  if (!name) throw parameterError('region_name', 'empty');
  if (name.length > REGION_NAME_MAX) throw parameterError('region_name', `longer than ${REGION_NAME_MAX}`);
  return name;
}

/** JSON object text, normalised; absent or blank is {}. */
function jsonObject(field: string, raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return '{}';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw parameterError(field, 'not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw parameterError(field, 'not a JSON object');
  }
  return JSON.stringify(value);
}

export function regionValues(body: CreateRegionBody): RegionValues {
  const region_name = regionName(body.region_name);
  const remark = body.remark?.trim() ?? '';
  if (remark.length > REGION_REMARK_MAX) throw parameterError('remark', `longer than ${REGION_REMARK_MAX}`);
  // Every type needs its shape: a POI its marker position, types 1-4 what was drawn.
  const parsed = parseRegionPoint(body.region_type, body.region_point ?? '');
  if (!parsed.ok) throw parameterError('region_point', parsed.reason);
  return {
    region_name,
    region_type: body.region_type,
    use_type: body.use_type ?? 0,
    center: formatLatLng(regionCentre(parsed.shape)),
    is_share: body.is_share ?? 0,
    img_url: body.img_url?.trim() ?? '',
    region_point: formatRegionPoint(parsed.shape),
    region_option: jsonObject('region_option', body.region_option),
    remark,
    // The console's drawing style (colours, line width): opaque to the server, but JSON like region_option.
    style: jsonObject('style', body.style),
    icon: body.icon?.trim() ?? '',
  };
}
