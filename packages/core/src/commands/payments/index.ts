import type { AnyCommand } from '../../command';
import { getPaymentLog, getReceiptDetails, listBusinessPaymentLogs, listPaymentLogs } from './payments';

export * from './payment-schemas';
export * from './payments';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const paymentCommands = [listPaymentLogs, listBusinessPaymentLogs, getPaymentLog, getReceiptDetails] as const satisfies readonly AnyCommand[];
