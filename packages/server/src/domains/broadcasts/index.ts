import type { Implementation } from '../../handling/implement';
import type { AnyJobDefinition } from '../jobs/index';
import { broadcastSendJobs } from './broadcast-send-job';
import {
  cancelBroadcastHandler,
  createBroadcastHandler,
  getBroadcastHandler,
  listBroadcastDeliveriesHandler,
  listBroadcastsHandler,
  sendBroadcastHandler,
  unsubscribeHandler,
  updateBroadcastHandler,
} from './broadcasts.handlers';

/** Broadcasts by email and SMS to an audience of merchants, sent as jobs. */
export const broadcastImplementations: readonly Implementation[] = [
  listBroadcastsHandler,
  getBroadcastHandler,
  createBroadcastHandler,
  updateBroadcastHandler,
  sendBroadcastHandler,
  cancelBroadcastHandler,
  listBroadcastDeliveriesHandler,
  unsubscribeHandler,
];

/** The job that sends a broadcast's messages. */
export const broadcastJobs: readonly AnyJobDefinition[] = broadcastSendJobs;
