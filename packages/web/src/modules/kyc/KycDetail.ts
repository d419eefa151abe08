import type { CommandOutput, getKyc } from '@traction/core';

/** One KYC record as its page gets it: the record, its business, documents, history and the moves open to it. */
export type KycDetail = CommandOutput<typeof getKyc>;
