import { DISPATCH_ACTIONS, labelIn } from '@headway/spec';
import type { DispatchLogRow } from '../api';
import { hexId } from '../command-window/param-rows';

// What a command log row did, in words: the message id sent (0x hex) and the action, named by @headway/spec's
// DISPATCH_ACTIONS (the export uses the same names).

export function commandName(row: Pick<DispatchLogRow, 'command' | 'action'>, language: string): string {
  const def = DISPATCH_ACTIONS[row.action as keyof typeof DISPATCH_ACTIONS];
  const name = def ? labelIn(def.label, language) : row.action;
  return row.command > 0 ? `${hexId(row.command)} ${name}` : name;
}
