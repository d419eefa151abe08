import { conflict, notFound } from '@traction/core';
import type { Db } from '../../db/connect';
import { lockTerminalLocation } from './terminal-locations.repository';

const terminalsWord = (n: number) => `${n.toLocaleString('en-NG')} terminal${n === 1 ? '' : 's'}`;

/**
 * The location a terminal is being sent to, if it can take it: not removed, active, and below its
 * capacity. Locked to the end of the command's transaction, so two terminals cannot both take its
 * last place. The terminals domain calls it before moving a terminal there.
 */
export async function locationThatTakesTerminal(db: Db, id: number): Promise<{ id: number; name: string }> {
  const location = await lockTerminalLocation(db, id);
  if (!location) throw notFound(`Terminal location ${id} does not exist`);
  if (!location.active) throw conflict(`${location.name} is inactive: it takes no terminals`, { reason: 'inactive', location: id });
  if (location.capacity !== null && location.terminals >= location.capacity)
    throw conflict(`${location.name} is full: it holds ${terminalsWord(location.terminals)}, its capacity`, {
      reason: 'full',
      location: id,
      terminals: location.terminals,
    });
  return { id: location.id, name: location.name };
}
