import {
  REGION_DEFAULT_PATH_WIDTH_M,
  REGION_NAME_MAX,
  REGION_REMARK_MAX,
  type RegionType,
  RegionTypeCode,
} from '@headway/spec';
import type { CreateRegionBody, RegionRow, UpdateRegionBody } from '../api';

// The shape form's values and the request body they make (docs/api.md "Regions"). region_option is JSON text whose
// other keys (alarm options set elsewhere) survive an edit; a path's corridor width is its `width`.

export interface RegionFormValues {
  region_name: string;
  use_type: number;
  is_share: boolean;
  img_url: string;
  remark: string;
  /** Corridor width in metres either side of the line, for a path. */
  width: number;
  /** Minutes inside after which the overstay alarm is raised; null for none (region_option overstay_minutes). */
  overstay_minutes: number | null;
}

export { REGION_NAME_MAX, REGION_REMARK_MAX };

function optionOf(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function formValuesOf(region: RegionRow | null): RegionFormValues {
  const option = optionOf(region?.region_option);
  const { width, overstay_minutes: overstay } = option;
  return {
    region_name: region?.region_name ?? '',
    use_type: region?.use_type ?? 0,
    is_share: region ? region.is_share === 1 : false,
    img_url: region?.img_url ?? '',
    remark: region?.remark ?? '',
    width: typeof width === 'number' && width > 0 ? width : REGION_DEFAULT_PATH_WIDTH_M,
    overstay_minutes: typeof overstay === 'number' && overstay > 0 ? overstay : null,
  };
}

/** Every type needs its shape: a POI its marker, types 1–4 the drawn shape (spec: "or nothing is submitted"). */
export function canSave(point: string | null): point is string {
  return point !== null && point !== '';
}

/** The name as stored: trimmed (spec section 5). */
export const trimmedName = (name: string | undefined) => (name ?? '').trim();

export function regionBody(
  values: RegionFormValues,
  type: RegionType,
  point: string,
  editing: RegionRow | null,
): CreateRegionBody | UpdateRegionBody {
  const option = optionOf(editing?.region_option);
  if (type === RegionTypeCode.path) option.width = values.width;
  else delete option.width;
  // A POI does not fence, so it cannot be overstayed.
  if (type !== RegionTypeCode.poi && values.overstay_minutes) option.overstay_minutes = values.overstay_minutes;
  else delete option.overstay_minutes;
  const body: CreateRegionBody = {
    region_name: trimmedName(values.region_name),
    region_type: type,
    use_type: values.use_type,
    is_share: values.is_share ? 1 : 0,
    img_url: values.img_url.trim(),
    region_point: point,
    region_option: JSON.stringify(option),
    remark: values.remark.trim(),
    // An update replaces the whole row: what this form does not show is sent back as it was.
    ...(editing ? { style: editing.style, icon: editing.icon } : {}),
  };
  return editing ? { id: editing.id, ...body } : body;
}
