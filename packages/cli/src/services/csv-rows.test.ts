import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toggleFixedAccountBlacklist } from '@traction/core';
import { afterAll, describe, expect, it } from 'vitest';
import { inputFields } from '../flags/input-fields';
import { readCsvRows } from './csv-rows';

const folder = mkdtempSync(join(tmpdir(), 'traction-csv-rows-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('bulk file headers', () => {
  it.each([['accountNumber,blacklist,reason'], ['account_number,BLACKLIST,Reason'], ['account-number,blacklist,reason'], ['Account Number,Blacklist,Reason']])(
    "%s names the command's fields",
    async (header) => {
      const file = join(folder, 'rows.csv');
      writeFileSync(file, `${header}\n7000000019,TRUE,Mule\n`);
      const read = await readCsvRows(file, inputFields(toggleFixedAccountBlacklist));
      expect(read.columns.map((field) => field.name)).toEqual(['accountNumber', 'blacklist', 'reason']);
      expect(read.rows[0]?.values).toEqual({ accountNumber: '7000000019', blacklist: 'TRUE', reason: 'Mule' });
    },
  );
});
