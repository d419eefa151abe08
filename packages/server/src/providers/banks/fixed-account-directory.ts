import type { Db } from '../../db/connect';
import type { BankDirectory } from './sandbox-bank';

/** Our fixed accounts, as the sandbox banks' register of the accounts they issued to us. */
export function fixedAccountDirectory(db: Db): BankDirectory {
  return async (bank, accountNumber) => {
    const row = await db
      .selectFrom('fixed_accounts')
      .select(['account_name', 'status'])
      .where('bank', '=', bank)
      .where('account_number', '=', accountNumber)
      .executeTakeFirst();
    return row ? { accountName: row.account_name, status: row.status } : null;
  };
}
