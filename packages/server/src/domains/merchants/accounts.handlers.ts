import { listBankAccounts, listSettlementAccounts, merchantAccounts, notFound, rangeBoundToDate } from '@traction/core';
import { implement, implementList } from '../../handling/implement';
import { accountSearch, bankAccountQuery, businessExists, toBankAccount } from './businesses.repository';

export const merchantAccountsHandler = implement(merchantAccounts, async ({ input, ctx }) => {
  if (!(await businessExists(ctx.db, input.id))) throw notFound(`Business ${input.id} does not exist`);
  const rows = await bankAccountQuery(ctx.db).where('a.business_id', '=', input.id).orderBy('a.is_settlement', 'desc').orderBy('a.id').execute();
  return { businessId: input.id, items: rows.map(toBankAccount) };
});

export const listSettlementAccountsHandler = implementList(listSettlementAccounts, ({ input, ctx }) => {
  let query = bankAccountQuery(ctx.db).where('a.is_settlement', '=', true);
  const search = input.search?.trim();
  if (search) query = query.where(accountSearch(search));
  if (input.bankCode) query = query.where('a.bank_code', '=', input.bankCode);
  if (input.businessId !== undefined) query = query.where('a.business_id', '=', input.businessId);
  if (input.startdatetime) query = query.where('a.created_at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('a.created_at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return { query, cursor: { column: 'a.id', key: 'id', direction: 'desc' }, map: toBankAccount };
});

export const listBankAccountsHandler = implementList(listBankAccounts, ({ input, ctx }) => {
  let query = bankAccountQuery(ctx.db);
  const search = input.search?.trim();
  if (search) query = query.where(accountSearch(search));
  if (input.bankCode) query = query.where('a.bank_code', '=', input.bankCode);
  if (input.isSettlement !== undefined) query = query.where('a.is_settlement', '=', input.isSettlement);
  if (input.businessId !== undefined) query = query.where('a.business_id', '=', input.businessId);
  return { query, cursor: { column: 'a.id', key: 'id', direction: 'desc' }, map: toBankAccount };
});
