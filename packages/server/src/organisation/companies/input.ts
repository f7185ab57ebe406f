import {
  ARCHIVE_DAYS_MAX,
  ARCHIVE_DAYS_MIN,
  integerRule,
  nameRule,
  peaksRule,
  phoneRule,
  REMARK_MAX_LENGTH,
  remarkRule,
  SALES_LEVELS,
} from '@headway/spec';
import type { CreateCompanyBody, UpdateCompanyBody } from '../../contract/index.ts';
import { check, known, ruleError, trimmed } from '../rules.ts';
import type { CompanyValues } from './queries.ts';

// A company body checked against spec section 5 and the company rules of docs/basic-data-org.md.

/** The platform's commercial terms: only a system administrator sets them. */
export const PLATFORM_TERMS = ['sales_level', 'authorised_vehicles', 'expire_time'] as const;

export function companyValues(body: CreateCompanyBody | UpdateCompanyBody, current?: CompanyValues): CompanyValues {
  check('name', nameRule(body.name));
  check('contact', trimmed(body.contact).length > 64 ? 'tooLong' : null);
  check('phone', phoneRule(body.phone));
  check('address', trimmed(body.address).length > REMARK_MAX_LENGTH ? 'tooLong' : null);
  check('remark', remarkRule(body.remark));
  check('archive_days', integerRule(body.archive_days, { min: ARCHIVE_DAYS_MIN, max: ARCHIVE_DAYS_MAX }));
  const peaks = trimmed(body.peaks)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
  const peaksFailure = peaksRule(peaks);
  if (peaksFailure) throw ruleError('peaks', peaksFailure);
  const name = trimmed(body.name);
  return {
    name,
    title: trimmed(body.title) || current?.title || name,
    logo: trimmed(body.logo),
    contact: trimmed(body.contact),
    phone: trimmed(body.phone),
    address: trimmed(body.address),
    remark: trimmed(body.remark),
    sales_level: known('sales_level', body.sales_level ?? current?.sales_level ?? 1, SALES_LEVELS),
    archive_days: body.archive_days ?? current?.archive_days ?? 180,
    peaks,
    authorised_vehicles: body.authorised_vehicles ?? current?.authorised_vehicles ?? 0,
    expire_time: body.expire_time === undefined ? (current?.expire_time ?? null) : body.expire_time,
  };
}
