import { ALREADY_EXISTS, fillLabel, type Label, LINE_FIELD_LABELS, type LineField, labelIn } from '@headway/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../../auth/access.ts';
import { type ListExport, sendListExport } from '../../basic-data/list-export.ts';
import type { DuplicateDetail, ListExportOptions } from '../../contract/index.ts';
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

/** The screen's export (xlsx, PDF or Word) with the query's options: basic-data/list-export.ts. */
export function sendExport<Row>(
  db: Kysely<Database>,
  clock: Clock,
  request: FastifyRequest,
  reply: FastifyReply,
  list: ListExport<Row>,
): Promise<FastifyReply> {
  const { time_zone, format, scope, page, limit } = request.query as ListExportOptions;
  const query = { time_zone, format, scope, page, limit };
  return sendListExport(request, reply, { db, companyId: companyOf(request), now: epochSeconds(clock), query }, list);
}

export type { Label };
