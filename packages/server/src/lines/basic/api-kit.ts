import { ALREADY_EXISTS, fillLabel, type Label, LINE_FIELD_LABELS, type LineField, labelIn } from '@headway/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../../auth/access.ts';
import { companyTimeZone, formatLocalTime, knownTimeZone } from '../../companies/time-zone.ts';
import type { DuplicateDetail } from '../../contract/index.ts';
import { sendWorkbook } from '../../exports/workbook-reply.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { type Language, pickLanguage } from '../../kernel/language.ts';
import type { Clock } from '../../kernel/time.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Database } from '../../store/schema.ts';
import '../../ingest/directory-signal.ts';

// What the four API groups of basic lines share: which screens' bits open which calls, the duplicate answer,
// the ingest signal and the export reply.

export type Need = 'view' | 'add' | 'edit' | 'delete' | 'export';

/**
 * Lines, stations and bus stops are read from each other's screens (the line editor places bus stops, the station
 * and stop screens pick lines), so any of the three view bits reads; each screen's own bits write.
 */
const READERS = ['BasicRoute', 'BasicStation', 'BasicBusStop'] as const;
export function screenAccess(screen: (typeof READERS)[number], need: Need) {
  return { access: { screen: need === 'view' ? READERS : [screen], need } };
}

export function companyOf(request: FastifyRequest): number {
  return sessionOf(request).companyId;
}

export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

/** 1106 with "{0} [{1}] already exists" filled in the caller's language. */
export function duplicate(request: FastifyRequest, field: LineField, value: string): ApiError {
  const language = languageOf(request);
  const detail: DuplicateDetail = {
    field,
    value,
    message: fillLabel(labelIn(ALREADY_EXISTS, language), labelIn(LINE_FIELD_LABELS[field], language), value),
  };
  return new ApiError(ErrorCode.accountRegistered, detail);
}

export function missing(): ApiError {
  return new ApiError(ErrorCode.recordMissing);
}

/** The ingest of every node reloads the company's lines and vehicles now (ingest/directory-signal.ts). */
export function announceLines(request: FastifyRequest, companyId: number): void {
  request.server.announceDirectoryChange?.(companyId);
}

/** Streams an xlsx named `{prefix}-YYYYMMDD.xlsx` (the day in the company's zone or the one asked). */
export async function sendExport(
  db: Kysely<Database>,
  clock: Clock,
  request: FastifyRequest,
  reply: FastifyReply,
  prefix: string,
  timeZoneAsked: string | undefined,
  write: (out: import('node:stream').Writable, language: Language) => Promise<unknown>,
): Promise<FastifyReply> {
  const company = await db
    .selectFrom('companies')
    .select('config')
    .where('id', '=', companyOf(request))
    .executeTakeFirstOrThrow();
  const timeZone = knownTimeZone(timeZoneAsked) ?? companyTimeZone(company.config);
  const day = formatLocalTime(epochSeconds(clock), timeZone).slice(0, 10).replaceAll('-', '');
  const language = languageOf(request);
  return sendWorkbook(request, reply, `${prefix}-${day}.xlsx`, (out) => write(out, language));
}

/** The export's page when both page and limit are given (the query bar's "current page"). */
export function exportPage(query: { page?: number | undefined; limit?: number | undefined }) {
  return query.page !== undefined && query.limit !== undefined ? { page: query.page, limit: query.limit } : undefined;
}

export type { Label };
