import type alarms from '../features/alarms/i18n/en';
// Basic → Line, Station, Bus stop (issue 14).
import type basicLines from '../features/basic-lines/i18n/en';
import type commands from '../features/commands/i18n/en';
import type fleet from '../features/fleet/i18n/en';
import type lines from '../features/lines/i18n/en';
import type messages from '../features/messages/i18n/en';
import type monitoring from '../features/monitoring/i18n/en';
// Issue 14.
import type organisation from '../features/organisation/i18n/en';
import type passengers from '../features/passengers/i18n/en';
import type regions from '../features/regions/i18n/en';
import type safety from '../features/safety/i18n/en';
import type tracks from '../features/tracks/i18n/en';
import type video from '../features/video/i18n/en';
import type translation from './locales/en';

// English resources type every t() call: a key that does not exist in its namespace fails tsc.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof translation;
      monitoring: typeof monitoring;
      alarms: typeof alarms;
      safety: typeof safety;
      tracks: typeof tracks;
      lines: typeof lines;
      passengers: typeof passengers;
      messages: typeof messages;
      commands: typeof commands;
      regions: typeof regions;
      video: typeof video;
      fleet: typeof fleet;
      'basic-lines': typeof basicLines;
      organisation: typeof organisation;
    };
  }
}
