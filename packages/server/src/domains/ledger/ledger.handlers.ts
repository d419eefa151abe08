import { ledgerCheck } from '@traction/core';
import { implement } from '../../handling/implement';
import { checkLedger } from './check';

export const ledgerCheckHandler = implement(ledgerCheck, async ({ ctx }) => checkLedger(ctx.db));
