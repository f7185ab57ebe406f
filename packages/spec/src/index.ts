// @headway/spec: every table of the product spec and the standards, once — codes, bits, states, parameter rules,
// each with its en/zh/th label. No dependencies and no Node or DOM APIs: the server, the protocol codec, the
// simulator, the console and its live worker all import it. docs/decisions.md "Every spec table once".
export * from './alarm-catalogue.ts';
export * from './alarm-rules.ts';
export * from './av-codes.ts';
export * from './bits.ts';
export * from './capability-bits.ts';
export * from './command-rules.ts';
export * from './display-states.ts';
export * from './errors.ts';
// Issue 14 (basic data: organisation, companies, fleets, staff, IC cards, display info).
export * from './field-rules.ts';
export * from './fleet-labels.ts';
export * from './labels.ts';
export * from './line-geometry.ts';
export * from './line-map-rules.ts';
export * from './line-rules.ts';
export * from './organisation.ts';
export * from './pages.ts';
export * from './parameters.ts';
export * from './permissions.ts';
export * from './region-attribute-bits.ts';
export * from './region-point.ts';
export * from './region-rules.ts';
export * from './route-check.ts';
export * from './safety-vehicle-status-bits.ts';
export * from './state-bits.ts';
export * from './terminal-attribute-bits.ts';
export * from './terminal-status-bits.ts';
export * from './text-flag-bits.ts';
export * from './track-rules.ts';
export * from './user-config.ts';
export * from './vehicle-rules.ts';
export * from './video-rules.ts';
export * from './warning-bits.ts';
