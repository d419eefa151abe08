import { NIGERIAN_BANKS } from '@traction/core';
import { type CsvValue, lookupSql } from './csv-sql';

const BANK_NAMES = Object.fromEntries(NIGERIAN_BANKS.map((bank) => [bank.cbnCode, bank.name]));

/** A bank's name for its CBN code, or the code when it is not one of ours: `bankByCbnCode(code)?.name ?? code` in SQL. */
export const bankNameSql = (code: CsvValue & string) => lookupSql(code, BANK_NAMES, code);
