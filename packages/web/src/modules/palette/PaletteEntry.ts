import type { Danger } from '@traction/core';

/**
 * One thing the palette offers: a page to go to, a command to run, an action of the selection
 * bar to run on the rows selected on the page, or signing out.
 */
export interface PaletteEntry {
  /** Stable and unique: `route:/admin`, `command:admins.create`, `selection:fraud.update-bulk:Mark as fraud`, `action:logout`; what the recent list keeps. */
  key: string;
  kind: 'route' | 'command' | 'selection' | 'action';
  /** The route's label, the command's title, the selection bar's button words. */
  label: string;
  /** Sidebar group of a route, palette group of a command, what is selected ("3 selected businesses"); empty for top-level pages. */
  group: string;
  /** More words that should find it. */
  keywords: readonly string[];
  /** The route's path, or the command's id (also of a selection's action); `logout` for signing out. */
  target: string;
  /** `g` chord of a route. */
  chord?: string;
  /** Danger of a command other than `none`. */
  danger?: Exclude<Danger, 'none'>;
}
