import {
  bitNames,
  COMMAND_STATES,
  type CommandState,
  labelIn,
  MESSAGE_FLAG_CHOICES,
  MESSAGE_TARGETS,
  type MessageTarget,
  TEXT_FLAG_BITS,
} from '@headway/spec';

// Wording of the message tables (@headway/spec command-rules.ts, text-flag-bits.ts) in the console's language.

const FLAG_BY_BIT = new Map(Object.values(TEXT_FLAG_BITS).map((def) => [def.bit as number, def.label]));

/** The chat's flag choices: 0x8300 bits with their names. */
export function flagOptions(language: string): { value: number; label: string }[] {
  return MESSAGE_FLAG_CHOICES.map((bit) => {
    const label = FLAG_BY_BIT.get(bit);
    return { value: bit, label: label ? labelIn(label, language) : String(bit) };
  });
}

/** The names of the bits set in a sent flag byte. */
export function flagNames(flag: number, language: string): string[] {
  return bitNames(flag, TEXT_FLAG_BITS).map((name) => labelIn(TEXT_FLAG_BITS[name].label, language));
}

export function targetName(target: string, language: string): string {
  const known = MESSAGE_TARGETS[target as MessageTarget];
  return known ? labelIn(known.label, language) : target;
}

export const TARGETS = Object.keys(MESSAGE_TARGETS) as MessageTarget[];

export function stateName(state: CommandState, language: string): string {
  const known = COMMAND_STATES[state];
  return known ? labelIn(known.label, language) : String(state);
}

/** The antd Tag colour of a command state: waiting, done, failed, lapsed. */
export const STATE_COLOURS: Record<CommandState, string> = {
  0: 'gold',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'error',
  5: 'default',
};
