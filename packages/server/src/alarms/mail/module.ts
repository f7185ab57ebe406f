import type { PlatformModule } from '../../platform.ts';
import { type AlarmMailConfig, startAlarmMail } from './index.ts';

/**
 * Mail notices as a platform module (modules.ts): on the node that runs the ingest, where the alarm writer emits
 * on `app.alarms` after each commit. Each ingest node mails the alarms it detected (docs/alarms.md "Mail notices").
 */
export function alarmMailModule(overrides: Partial<AlarmMailConfig> = {}): PlatformModule {
  return {
    name: 'alarm-mail',
    async start({ config, store, app, logger }) {
      if (!config.roles.has('ingest')) return undefined;
      const mail = startAlarmMail({
        db: store.db,
        logger: logger.child({ module: 'alarm-mail' }),
        config: { ...config.mail, ...overrides },
      });
      if (!mail.enabled) return undefined;
      const unsubscribe = app.alarms.onRaised(mail.onRaised);
      return {
        async stop() {
          unsubscribe();
          await mail.stop();
        },
      };
    },
  };
}
