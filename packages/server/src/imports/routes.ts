import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALREADY_EXISTS, fillTemplate, type Label, type Language, labelIn } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { RouteAccess } from '../auth/access.ts';
import { sessionOf } from '../auth/access.ts';
import { companyZone } from '../companies/time-zone.ts';
import type { ImportReport, RefusedRow } from '../contract/index.ts';
import { sendTable } from '../exports/table/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, isApiError, parameterError } from '../kernel/errors.ts';
import { pickLanguage } from '../kernel/language.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import type { Database } from '../store/schema.ts';
import { type BodyColumn, bodyOf, type RowContext } from './cells.ts';
import { readImportSheet } from './sheet.ts';

// One screen's xlsx import (docs/exports.md "Imports"): GET {path}/template is the empty sheet with the headers in
// the caller's language; POST {path} checks every row with the create route's rules and answers what would be
// created, updated and refused (row, column, reason); with ?commit=true it writes, all rows in one transaction, and
// only when none is refused: nothing is half-imported. A screen says how a row reads and is written; the upload,
// the caps, the duplicates within the file, the refusals and the transaction are here, once.

/** Uploads larger than this answer 1009. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows one import may hold (1009 beyond). */
export const IMPORT_MAX_ROWS = 5000;

export interface ImportContext extends RowContext {
  request: FastifyRequest;
  userId: number;
  language: Language;
  now: number;
}

/** A row that passed: the stored values, and the id of the record it updates (undefined: it creates one). */
export interface CheckedRow<V> {
  row: number;
  existing: number | undefined;
  values: V;
}

export interface ImportScreen<V> {
  /** `/basic/cars/import`; the template is `{path}/template`. */
  path: string;
  access: RouteAccess;
  /** The template's sheet name and file name. */
  title: Label;
  fileBase: string;
  columns: readonly BodyColumn[];
  /** Body fields whose value may appear once in the file (keys, unique values): a later row repeating one is refused. */
  unique: readonly string[];
  /** The API field a rule names → the column that holds it, when they differ (`lpn` is the plate column). */
  fieldColumn?: Readonly<Record<string, string>>;
  /** The create route's rules on a row's body; throws 1004 or 1106 naming a field. */
  check(body: Record<string, unknown>, context: ImportContext): Promise<{ existing: number | undefined; values: V }>;
  /** How many records the company may still create (authorised vehicles); undefined: no cap. */
  room?(context: ImportContext): Promise<number | undefined>;
  /** The refusal of a row beyond `room`: its column and the reason. */
  full?: { field: string; reason: Label };
  write(db: Kysely<Database>, rows: readonly CheckedRow<V>[], context: ImportContext): Promise<void>;
  /** After the commit: tell the ingest, the gateway, the map. */
  announce?(context: ImportContext): void;
}

export function importRoutes<V>(
  services: Pick<Services, 'db' | 'clock'>,
  screen: ImportScreen<V>,
): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  const config = { access: screen.access };

  async function contextOf(request: FastifyRequest): Promise<ImportContext> {
    const { companyId, userId } = sessionOf(request);
    return {
      request,
      companyId,
      userId,
      zone: await companyZone(db, companyId),
      language: pickLanguage(request.headers['accept-language']),
      now: epochSeconds(clock),
    };
  }

  function refusal(error: unknown, row: number, context: ImportContext): RefusedRow {
    if (!isApiError(error) || (error.code !== ErrorCode.parameter && error.code !== ErrorCode.accountRegistered)) {
      throw error;
    }
    const details = (error.details ?? {}) as { field?: string; reason?: string; rule?: string; value?: string };
    const field = details.field ?? '';
    const key = screen.fieldColumn?.[field] ?? field;
    const column = screen.columns.find((c) => c.key === key);
    const header = column ? labelIn(column.header, context.language) : field;
    // Duplicates read as the spec's sentence with the column the user filled in: "Plate [B-1] already exists".
    const reason =
      error.code === ErrorCode.accountRegistered
        ? fillTemplate(labelIn(ALREADY_EXISTS, context.language), header, details.value ?? '')
        : (details.reason ?? details.rule ?? 'invalid');
    return { row, column: header, reason };
  }

  async function review(bytes: Buffer, context: ImportContext) {
    const rows = await readImportSheet(bytes, screen.columns, IMPORT_MAX_ROWS);
    const seen = new Map<string, number>();
    const valid: CheckedRow<V>[] = [];
    const refused: RefusedRow[] = [];
    for (const { row, cells } of rows) {
      try {
        const body = await bodyOf(screen.columns, cells, context);
        for (const field of screen.unique) {
          const value = String(body[field] ?? '')
            .trim()
            .toLowerCase();
          const earlier = seen.get(`${field}\u0000${value}`);
          if (value !== '' && earlier !== undefined) throw parameterError(field, `the same as row ${earlier}`);
        }
        const checked = await screen.check(body, context);
        for (const field of screen.unique) {
          const value = String(body[field] ?? '')
            .trim()
            .toLowerCase();
          if (value !== '') seen.set(`${field}\u0000${value}`, row);
        }
        valid.push({ row, ...checked });
      } catch (error) {
        refused.push(refusal(error, row, context));
      }
    }
    const room = await screen.room?.(context);
    if (room !== undefined && screen.full) {
      const creating = valid.filter((r) => r.existing === undefined);
      for (const beyond of creating.slice(Math.max(room, 0))) {
        valid.splice(valid.indexOf(beyond), 1);
        const error = parameterError(screen.full.field, labelIn(screen.full.reason, context.language));
        refused.push(refusal(error, beyond.row, context));
      }
      refused.sort((a, b) => a.row - b.row);
    }
    const created = valid.filter((r) => r.existing === undefined).length;
    const report: ImportReport = {
      rows: rows.length,
      created,
      updated: valid.length - created,
      refused,
      written: false,
    };
    return { valid, report };
  }

  return async (app) => {
    app.get(`${screen.path}/template`, { config }, async (request, reply) => {
      async function* none(): AsyncGenerator<never> {}
      return sendTable(request, reply, {
        fileBase: screen.fileBase,
        options: { format: 'xlsx' },
        table: {
          title: screen.title,
          rows: none(),
          columns: screen.columns
            .filter((c) => c.kind.type !== 'shown')
            .map((c) => ({ key: c.key, header: c.header, width: 20, value: () => '' })),
        },
      });
    });

    app.post(
      screen.path,
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: { querystring: Type.Object({ commit: Type.Optional(Type.Boolean()) }) },
        config,
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw parameterError('file', 'an xlsx file is expected as the body');
        const context = await contextOf(request);
        const { valid, report } = await review(request.body, context);
        if (!request.query.commit) return ok(report);
        if (report.refused.length > 0) {
          throw new ApiError(ErrorCode.parameter, { field: 'file', reason: 'rows refused', ...report });
        }
        await db.transaction().execute((trx) => screen.write(trx, valid, context));
        screen.announce?.(context);
        return ok({ ...report, written: true });
      },
    );
  };
}
