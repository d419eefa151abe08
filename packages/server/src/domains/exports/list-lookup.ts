import type { ListImplementation } from '../../handling/implement';

/**
 * The implementation of a list by its command id. Exports run any list through its own
 * implementation; the composition root (handlers.ts) hands the lookup in, so this domain does not
 * import every other one.
 */
export type ListLookup = (commandId: string) => ListImplementation<object> | undefined;
