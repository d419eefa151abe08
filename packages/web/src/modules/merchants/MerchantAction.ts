import type { AnyCommand } from '@traction/core';

/** Something an admin may do to the merchant: a header button and the same page shortcut. */
export interface MerchantAction {
  /** The shortcut key, also shown on the button. */
  key: string;
  command: AnyCommand;
  label: string;
  variant: 'primary' | 'secondary' | 'danger';
  /** Why the merchant's state rules it out now: the button is disabled and the key says so. */
  unavailable?: string | undefined;
  /** Opens the command's form, its input decided for this merchant. */
  run: () => void;
}
