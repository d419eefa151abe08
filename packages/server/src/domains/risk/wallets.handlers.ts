import { alreadyInState, listWallets, notFound, updateWalletStatus } from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { recordBusinessEvents } from '../merchants/index';
import { businessSearch, findWallet, lockWallet, setWalletStatus, toWalletRow, walletQuery, walletRowCsv } from './risk.repository';

export const listWalletsHandler = implementList(listWallets, ({ input, ctx }) => {
  let query = walletQuery(ctx.db);
  if (input.status) query = query.where('w.status', '=', input.status);
  if (input.businessId !== undefined) query = query.where('w.business_id', '=', input.businessId);
  if (input.uid) query = query.where('w.uid', '=', input.uid);
  if (input.search) query = query.where(businessSearch(input.search));
  // One wallet per business: the business id is a unique, indexed key to page by.
  return { query, cursor: { column: 'w.business_id', key: 'business_id', direction: 'desc' }, map: toWalletRow, csv: walletRowCsv };
});

export const updateWalletStatusHandler = implement(updateWalletStatus, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const wallet = await findWallet(ctx.db, input.uid);
  if (!wallet) throw notFound(`No wallet has the uid ${input.uid}`);
  // The status it has now, under the row's lock: the history's "from" and the same-status check
  // must not rest on a read another admin's change may have overtaken.
  const locked = (await lockWallet(ctx.db, wallet.uid))!;
  if (locked.status === input.status) throw alreadyInState(`The wallet of ${wallet.businessName} is already ${input.status}`);
  await setWalletStatus(ctx.db, wallet.uid, { status: input.status, reason: input.reason, adminId: actor.id, at: ctx.now });
  await recordBusinessEvents(ctx.db, [
    {
      businessId: wallet.businessId,
      kind: 'wallet.status',
      message: `Wallet ${locked.status} → ${input.status}: ${input.reason}`,
      adminId: actor.id,
      details: { from: locked.status, to: input.status, reason: input.reason, uid: wallet.uid },
      at: ctx.now,
    },
  ]);
  const after = (await findWallet(ctx.db, wallet.uid))!;
  return { wallet: after, message: `The wallet of ${after.businessName} is now ${input.status}.` };
});
