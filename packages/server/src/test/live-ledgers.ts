/**
 * The ledgers of the test apps open in this test file. The shared setup checks each after every
 * test (test/ledger-sound.setup.ts); kept free of imports so test files that open no database
 * (the console's, the CLI's) load nothing for it.
 */
export const liveLedgers = new Set<{ assertSound: () => Promise<void> }>();
