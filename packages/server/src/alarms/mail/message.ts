import { ALARM_LEVELS, type AlarmLevel, alarmLabel, alarmTextCode, type Language, labelIn } from '@headway/spec';
import { describeTimeZone, formatLocalTime } from '../../companies/time-zone.ts';
import type { AlarmBody } from '../../contract/alarms.ts';
import { ALARM_FIELD_LABELS, fill } from '../export/strings.ts';
import { MAIL_STRINGS } from './strings.ts';

// One mail notice, in the recipient's language: a subject naming the alarm (or the count and the commonest types
// of a digest), a greeting, the alarms as a table (HTML) and as blocks (text), "and K more" past the listed rows,
// and why the mail came. No links: the position is plain latitude/longitude.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface DigestContent {
  language: Language;
  userName: string;
  /** Who the mail is from, as the console's title bar says it. */
  companyTitle: string;
  timeZone: string;
  /** The listed alarms (at most the configured rows). */
  alarms: readonly AlarmBody[];
  /** Every alarm of the digest, listed or not. */
  total: number;
  /** Text code (alarmTextCode) → how many of the digest's alarms have it. */
  kinds: ReadonlyMap<number, number>;
  customName: (code: number) => string | undefined;
}

const SUBJECT_KINDS = 3;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function composeDigest(content: DigestContent): MailContent {
  const { language, timeZone } = content;
  const say = (key: keyof typeof MAIL_STRINGS, ...values: (string | number)[]) =>
    fill(labelIn(MAIL_STRINGS[key], language), ...values);
  const field = (key: keyof typeof ALARM_FIELD_LABELS) => labelIn(ALARM_FIELD_LABELS[key], language);
  const name = (code: number) => alarmLabel(code, language, content.customName);
  const alarms = [...content.alarms].sort((a, b) => a.event_time - b.event_time || a.id - b.id);
  const first = alarms[0];

  let subject: string;
  if (content.total === 1 && first) {
    subject = say('subjectOne', content.companyTitle, name(alarmTextCode(first)), first.car_name || first.imei);
  } else {
    const kinds = [...content.kinds].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const shown = kinds.slice(0, SUBJECT_KINDS).map(([code, n]) => `${name(code)} ×${n}`);
    const listed = kinds.length > SUBJECT_KINDS ? `${shown.join(', ')}, …` : shown.join(', ');
    subject = say('subjectMany', content.companyTitle, content.total, listed);
  }

  const rows = alarms.map((a) => {
    const level = ALARM_LEVELS[a.alarm_level as AlarmLevel];
    return {
      time: formatLocalTime(a.event_time, timeZone),
      alarm: name(alarmTextCode(a)),
      level: level ? level[language] : String(a.alarm_level),
      vehicle: a.car_name || a.imei,
      plate: a.lpn,
      line: a.route_name,
      speed: say('speedValue', Number(a.speed.toFixed(1))),
      position: `${a.lat.toFixed(5)}, ${a.lng.toFixed(5)}`,
    };
  });
  const columns = [
    ['time', say('time')],
    ['alarm', field('alarmType')],
    ['level', field('level')],
    ['vehicle', field('vehicle')],
    ['plate', field('plate')],
    ['line', field('line')],
    ['speed', say('speed')],
    ['position', field('position')],
  ] as const;

  const greeting = say('greeting', content.userName);
  const intro = content.total === 1 ? say('introOne') : say('introMany', content.total);
  const zone = say('timesIn', describeTimeZone(timeZone, first?.event_time ?? 0));
  const more = content.total > alarms.length ? say('more', content.total - alarms.length) : '';
  const footer = say('footer');

  const text = [
    greeting,
    '',
    intro,
    zone,
    '',
    ...rows.flatMap((r) => [
      `${r.time}  ${r.alarm} (${r.level})`,
      ...columns.slice(3).map(([key, label]) => `  ${label}: ${r[key] || '-'}`),
      '',
    ]),
    ...(more ? [more, ''] : []),
    '-- ',
    footer,
    '',
  ].join('\n');

  const cell = 'style="padding:4px 8px;border:1px solid #ddd;text-align:left"';
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;font-size:14px;color:#222">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}<br>${escapeHtml(zone)}</p>`,
    '<table style="border-collapse:collapse">',
    `<thead><tr>${columns.map(([, label]) => `<th ${cell}>${escapeHtml(label)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map((r) => `<tr>${columns.map(([key]) => `<td ${cell}>${escapeHtml(r[key])}</td>`).join('')}</tr>`),
    '</tbody></table>',
    more ? `<p>${escapeHtml(more)}</p>` : '',
    `<p style="color:#888;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
