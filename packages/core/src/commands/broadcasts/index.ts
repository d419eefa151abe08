import type { AnyCommand } from '../../command';
import {
  cancelBroadcast,
  createBroadcast,
  getBroadcast,
  listBroadcastDeliveries,
  listBroadcasts,
  sendBroadcast,
  unsubscribe,
  updateBroadcast,
} from './broadcasts';

export * from './broadcasts';
export * from '../../broadcasts/broadcast-facts';

/** Broadcasts by email and SMS to an audience of merchants, sent as jobs. In the order the palette and CLI help list them. */
export const broadcastCommands = [
  listBroadcasts,
  getBroadcast,
  createBroadcast,
  updateBroadcast,
  sendBroadcast,
  cancelBroadcast,
  listBroadcastDeliveries,
  unsubscribe,
] as const satisfies readonly AnyCommand[];
