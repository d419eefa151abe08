import type { Argument, Option } from 'commander';

/** Values only known when TAB is pressed, asked of `traction __complete <kind>`. */
export const DYNAMIC_VALUES = ['profiles'] as const;
export type DynamicValues = (typeof DYNAMIC_VALUES)[number];

/** What completion offers for a flag's value or an argument, besides its enum choices. */
export interface CompletionValues {
  /** A fixed list, written into the script (command ids). */
  values?: readonly string[];
  /** A list read when TAB is pressed (profile names). */
  dynamic?: DynamicValues;
}

const offered = new WeakMap<Option | Argument, CompletionValues>();

/**
 * Says what completion offers for a flag or argument whose values are not enum choices — which
 * commander would print in `--help` and enforce (a few hundred command ids in a help line).
 */
export function completeWith<T extends Option | Argument>(target: T, values: CompletionValues): T {
  offered.set(target, values);
  return target;
}

/** What `completeWith` said for a flag or argument: its values, else its choices. */
export function completionValuesOf(target: Option | Argument): CompletionValues | undefined {
  const said = offered.get(target);
  if (said) return said;
  return target.argChoices?.length ? { values: target.argChoices } : undefined;
}
