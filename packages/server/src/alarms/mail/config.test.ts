import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { alarmMailConfigFrom, DEFAULT_ALARM_MAIL } from './config.ts';
import { userLanguage } from './recipients.ts';
import { senderOf } from './transport.ts';

describe('mail notice settings', () => {
  it('are off without HEADWAY_SMTP_URL', () => {
    expect(loadConfig({}).mail).toEqual(DEFAULT_ALARM_MAIL);
  });

  it('read the server, sender, window, hourly cap and default language', () => {
    expect(
      alarmMailConfigFrom({
        HEADWAY_SMTP_URL: 'smtps://ops%40bus.example:pw@mail.bus.example:465',
        HEADWAY_MAIL_FROM: 'Fleet alarms <alarms@bus.example>',
        HEADWAY_MAIL_WINDOW_SECONDS: '120',
        HEADWAY_MAIL_MAX_PER_HOUR: '6',
        HEADWAY_MAIL_LANGUAGE: 'th',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://ops%40bus.example:pw@mail.bus.example:465',
      from: 'Fleet alarms <alarms@bus.example>',
      windowMs: 120_000,
      maxPerHour: 6,
      defaultLanguage: 'th',
    });
  });

  it('refuse a malformed URL without echoing it (it may hold the password)', () => {
    expect(() => alarmMailConfigFrom({ HEADWAY_SMTP_URL: 'not a url secret' })).toThrow(
      /^HEADWAY_SMTP_URL is not a URL/,
    );
    expect(() => alarmMailConfigFrom({ HEADWAY_SMTP_URL: 'not a url secret' })).not.toThrow(/secret/);
    expect(() => alarmMailConfigFrom({ HEADWAY_SMTP_URL: 'http://mail.example' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => alarmMailConfigFrom({ HEADWAY_MAIL_WINDOW_SECONDS: '0' })).toThrow(/positive integer/);
    expect(() => alarmMailConfigFrom({ HEADWAY_MAIL_LANGUAGE: 'fr' })).toThrow(/en, zh or th/);
  });

  it('send from HEADWAY_MAIL_FROM, else the SMTP user when it is an address, else noreply at the SMTP host', () => {
    expect(senderOf('smtp://u:p@mail.example:587', 'Ops <ops@example>')).toBe('Ops <ops@example>');
    expect(senderOf('smtp://ops%40bus.example:p@mail.example:587', undefined)).toBe('Headway <ops@bus.example>');
    expect(senderOf('smtp://apikey:p@mail.example:587', undefined)).toBe('Headway <noreply@mail.example>');
  });

  it("take the user's language from user_config.settings.language, else the default", () => {
    expect(userLanguage(JSON.stringify({ settings: { language: 'zh-CN' } }), 'en')).toBe('zh');
    expect(userLanguage(JSON.stringify({ language: 'th' }), 'en')).toBe('th');
    expect(userLanguage(JSON.stringify({ settings: { language: 'fr' } }), 'th')).toBe('th');
    expect(userLanguage('not json', 'en')).toBe('en');
  });
});
