import { listSavingsWaitlist } from '@traction/core';
import { implementList } from '../../handling/implement';
import { filterWaitlist, toWaitlistRow, waitlistCsv, waitlistQuery } from './savings.repository';

/** Newest first: entries are written as people join, so the id is the order they joined in. */
export const listSavingsWaitlistHandler = implementList(listSavingsWaitlist, ({ input, ctx }) => ({
  query: filterWaitlist(waitlistQuery(ctx.db), input),
  cursor: { column: 'w.id', key: 'id', direction: 'desc' },
  map: toWaitlistRow,
  csv: waitlistCsv,
}));
