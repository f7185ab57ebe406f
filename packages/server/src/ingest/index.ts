// The ingest pipeline: committed positions → route progress → live real_data, station events, live state.

export { ingestModule, startIngest } from './module.ts';
export { DEFAULT_INGEST_OPTIONS, type IngestOptions, type IngestStats } from './options.ts';
export { IngestPipeline, type LivePublisher } from './pipeline.ts';
export { cardOf, passengerOf, vendorItemsOf } from './vendor-items.ts';
