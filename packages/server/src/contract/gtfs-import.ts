import { type Static, Type } from 'typebox';

// GTFS import from the console (issue 14, docs/gtfs-import.md "From the console"): POST /basic/routes/gtfs/import
// takes the zip and answers a job id; GET /basic/routes/gtfs/import/{job_id} answers the job as below.

/** What an import does to one kind of row, compared with what the company held before. */
export const GtfsChangeCounts = Type.Object({
  lines: Type.Integer(),
  /** Stations along the lines' directions (line_stations). */
  stations: Type.Integer(),
  /** Bus stops (the feed's stops). */
  stops: Type.Integer(),
  /** Trips (departures). */
  trips: Type.Integer(),
  /** Service calendars. */
  services: Type.Integer(),
});
export type GtfsChangeCounts = Static<typeof GtfsChangeCounts>;

/** A row the importer refused, where the operator finds it: file and line (1 = the header; 0 = the whole file). */
export const GtfsRefusedRow = Type.Object({ file: Type.String(), line: Type.Integer(), reason: Type.String() });
export type GtfsRefusedRow = Static<typeof GtfsRefusedRow>;

export const GtfsImportReport = Type.Object({
  created: GtfsChangeCounts,
  updated: GtfsChangeCounts,
  unchanged: GtfsChangeCounts,
  /** Rows the feed no longer has: stations and trips of its lines, the company's bus stops and services. */
  removed: GtfsChangeCounts,
  /** The feed's problems (the first 200); any refused row rejects the whole feed and nothing is written. */
  refused: Type.Array(GtfsRefusedRow),
  /** All problems found, beyond the 200 listed. */
  refused_total: Type.Integer(),
});
export type GtfsImportReport = Static<typeof GtfsImportReport>;

export const GtfsImportStage = Type.Union([
  Type.Literal('queued'),
  Type.Literal('reading'),
  Type.Literal('transforming'),
  Type.Literal('comparing'),
  Type.Literal('writing'),
  Type.Literal('finished'),
]);
export type GtfsImportStage = Static<typeof GtfsImportStage>;

export const GtfsImportJob = Type.Object({
  job_id: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  /** 0–100 over the whole job. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  stage: GtfsImportStage,
  /** Epoch seconds. */
  started_at: Type.Integer(),
  finished_at: Type.Union([Type.Integer(), Type.Null()]),
  report: Type.Optional(GtfsImportReport),
  /** Why the job failed, in English (the report's refused rows say where). */
  error: Type.Optional(Type.String()),
});
export type GtfsImportJob = Static<typeof GtfsImportJob>;

export const GtfsImportStarted = Type.Object({ job_id: Type.String() });
export type GtfsImportStarted = Static<typeof GtfsImportStarted>;
