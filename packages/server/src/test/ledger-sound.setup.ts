import { afterEach } from 'vitest';
import { liveLedgers } from './live-ledgers';

// After every test that moved money, the ledger check passes: debits equal credits, every
// wallet's balance and log equal its transfers, none below zero, every reversal a mirror.
afterEach(async () => {
  for (const ledger of liveLedgers) await ledger.assertSound();
});
