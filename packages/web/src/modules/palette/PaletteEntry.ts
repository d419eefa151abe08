import type { Danger } from '@traction/core';

/** One thing the palette offers: a page to go to or a command to run. */
export interface PaletteEntry {
  /** Stable and unique: `route:/admin`, `command:admins.create`; what the recent list keeps. */
  key: string;
  kind: 'route' | 'command';
  /** The route's label or the command's title. */
  label: string;
  /** Sidebar group of a route, palette group of a command; empty for top-level pages. */
  group: string;
  /** More words that should find it. */
  keywords: readonly string[];
  /** The route's path, or the command's id. */
  target: string;
  /** `g` chord of a route. */
  chord?: string;
  /** Danger of a command other than `none`. */
  danger?: Exclude<Danger, 'none'>;
}
