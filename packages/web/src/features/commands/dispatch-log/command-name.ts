import type { TFunction } from 'i18next';
import type { DispatchLogRow } from '../api';
import { hexId } from '../command-window/param-rows';

// What a command log row did, in words: the terminal message id sent (JT/T 808 / 1078), or the platform action
// when the id alone does not say it (0x8105 carries both reboot and log; a change of route is no terminal message).

type NameKey =
  | 'avCapability'
  | 'attributes'
  | 'readAllParams'
  | 'readParams'
  | 'writeParams'
  | 'control'
  | 'reboot'
  | 'log'
  | 'snapshot'
  | 'text'
  | 'changeRoute';

const BY_MESSAGE: { readonly [command: number]: NameKey } = {
  36867: 'avCapability',
  33031: 'attributes',
  33028: 'readAllParams',
  33030: 'readParams',
  33027: 'writeParams',
  33029: 'control',
  34817: 'snapshot',
  33536: 'text',
};

const BY_ACTION: { readonly [action: string]: NameKey } = {
  reboot: 'reboot',
  log: 'log',
  'change-route': 'changeRoute',
};

export function commandName(t: TFunction<'commands'>, row: Pick<DispatchLogRow, 'command' | 'action'>): string {
  const key = BY_ACTION[row.action] ?? BY_MESSAGE[row.command];
  const name = key ? t(`commands.log.names.${key}`) : row.action;
  return row.command > 0 ? `${hexId(row.command)} ${name}` : name;
}
