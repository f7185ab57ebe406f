// The GTFS menu of Basic → Line and its import dialog (`basicLines.gtfs.*`, spread into ../../i18n/en.ts).
const en = {
  menu: 'GTFS',
  export: 'Export GTFS',
  exported: 'GTFS feed downloaded',
  import: 'Import GTFS',
  title: 'Import a GTFS feed',
  choose: 'Click or drop a GTFS zip here',
  hint: 'agency, stops, routes, trips, stop_times and calendar or calendar_dates; up to 50 MB. Lines are matched by route code: importing the same feed again changes nothing.',
  start: 'Import',
  uploading: 'Uploading',
  stage: {
    queued: 'Waiting to start',
    reading: 'Reading and checking the feed',
    transforming: 'Building lines and stations',
    comparing: 'Comparing with the company’s lines',
    writing: 'Writing',
    finished: 'Finished',
  },
  done: 'Import finished',
  nothingChanged: 'Nothing changed: the company already holds this feed',
  failed: 'Import failed; nothing was written',
  kind: 'Kind',
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  removed: 'Removed',
  kinds: { lines: 'Lines', stations: 'Stations', stops: 'Bus stops', trips: 'Trips', services: 'Service calendars' },
  refused: 'Refused rows ({{count}})',
  refusedShown: 'The first {{shown}} of {{total}} are listed',
  where: 'File:line',
  reason: 'Reason',
  again: 'Import another',
  close: 'Close',
};

export default en;
export type GtfsMessages = typeof en;
