/**
 * What a POS terminal is made of (docs/decisions.md "Terminals"): who made it, the states it
 * passes through, and which moves between them are allowed. Written once here: the server
 * refuses any other move (409 naming the current state), the console offers only these, and the
 * CLI's help lists them.
 */

/** The makers the company buys from, with the models it stocks. */
export const TERMINAL_PROVIDERS = [
  { name: 'Accelerex', models: ['A920', 'A930'] },
  { name: 'PAX', models: ['S90', 'A80', 'A920 Pro'] },
  { name: 'Nexgo', models: ['N86', 'G2'] },
  { name: 'Topwise', models: ['T1', 'MP35P'] },
  { name: 'Horizon Pay', models: ['K11', 'H9'] },
  { name: 'Verifone', models: ['V240m', 'X990'] },
] as const;
export const TERMINAL_PROVIDER_NAMES = TERMINAL_PROVIDERS.map((provider) => provider.name) as unknown as readonly [string, ...string[]];
export const providerByName = (name: string) => TERMINAL_PROVIDERS.find((provider) => provider.name.toLowerCase() === name.trim().toLowerCase());

export const TERMINAL_STATES = ['IN_STOCK', 'ASSIGNED', 'IN_TRANSIT', 'DEPLOYED', 'FAULTY', 'RETRIEVED', 'DECOMMISSIONED'] as const;
export type TerminalState = (typeof TERMINAL_STATES)[number];

export const TERMINAL_STATE_WORDS: Record<TerminalState, string> = {
  IN_STOCK: 'In stock',
  ASSIGNED: 'Assigned',
  IN_TRANSIT: 'In transit',
  DEPLOYED: 'Deployed',
  FAULTY: 'Faulty',
  RETRIEVED: 'Retrieved',
  DECOMMISSIONED: 'Decommissioned',
};

/**
 * Where a terminal may go from each state. Assigned to a merchant it is packed and sent (in
 * transit), then deployed at the store; a deployed one comes back retrieved; anything but a
 * decommissioned one can be found faulty; a repaired or returned one goes back into stock, and
 * only stock, faulty or retrieved ones are decommissioned. Decommissioned is final.
 */
export const TERMINAL_MOVES: Record<TerminalState, readonly TerminalState[]> = {
  IN_STOCK: ['ASSIGNED', 'FAULTY', 'DECOMMISSIONED'],
  ASSIGNED: ['IN_TRANSIT', 'IN_STOCK', 'FAULTY'],
  IN_TRANSIT: ['DEPLOYED', 'RETRIEVED', 'FAULTY'],
  DEPLOYED: ['RETRIEVED', 'FAULTY'],
  FAULTY: ['IN_STOCK', 'RETRIEVED', 'DECOMMISSIONED'],
  RETRIEVED: ['IN_STOCK', 'FAULTY', 'DECOMMISSIONED'],
  DECOMMISSIONED: [],
};

export const canMoveTerminal = (from: TerminalState, to: TerminalState): boolean => TERMINAL_MOVES[from].includes(to);

/** States in which a terminal belongs to a merchant (it has a merchant and, once deployed, a store). */
export const MAPPED_STATES: readonly TerminalState[] = ['ASSIGNED', 'IN_TRANSIT', 'DEPLOYED'];

/** A terminal id (TID): 8 digits or capitals, as the processors issue them (`2TRC0042`). */
export const TID_PATTERN = /^[0-9A-Z]{8}$/;
/** A maker's serial number: 3 to 30 letters, digits or dashes, kept in capitals. */
export const SERIAL_PATTERN = /^[0-9A-Z-]{3,30}$/;
