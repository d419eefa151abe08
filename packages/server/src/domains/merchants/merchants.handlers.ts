import { recordStaffReferral } from '../staff-codes/index';
import {
  badRequest,
  createBusiness,
  getMerchant,
  listMerchants,
  merchantPasswordLink,
  merchantsByName,
  merchantsWithStores,
  notFound,
  rangeBoundToDate,
  salesAgentBusinesses,
  searchMerchants,
  signupMerchant,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { recordBusinessEvents } from './business-events.repository';
import {
  businessesByPrefix,
  businessesOfSalesAgentQuery,
  businessSummaryCsv,
  businessIdsOfPerson,
  businessSummaryQuery,
  findBusinessSummary,
  findBusinessUser,
  isBusinessType,
  lastUsedBusinessUserByEmail,
  latestBusinessUserByEmail,
  merchantsWithStoresQuery,
  startsWith,
  toBusinessSummary,
  toMerchantWithStores,
} from './businesses.repository';
import { loadMerchantDetail } from './merchant-detail';
import { openBusiness } from './open-business.repository';
import { issueMerchantPasswordLink } from './merchant-password-links';

async function assertBusinessType(db: Db, category: string): Promise<void> {
  if (!(await isBusinessType(db, category))) {
    throw badRequest(`${category} is not a business type`, [
      { field: 'category', message: 'is not a business type (see `features list --category BUSINESS_TYPES`)' },
    ]);
  }
}

export const signupMerchantHandler = implement(signupMerchant, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  await assertBusinessType(ctx.db, input.category);
  const opened = await openBusiness(ctx.db, {
    now: ctx.now,
    adminId: ctx.admin?.id ?? null,
    name: input.businessName,
    category: input.category,
    stateCode: input.state,
    address: input.address,
    email: input.email,
    phone: input.phone,
    salesAgentEmail: input.salesAgentEmail,
    owner: { firstName: input.firstName, lastName: input.lastName, phone: input.phone, passwordHash: null },
  });
  // An unknown or deactivated code is a 400 naming the field, and the transaction keeps nothing.
  if (input.referralCode) await recordStaffReferral(ctx.db, { businessId: opened.businessId, code: input.referralCode, at: ctx.now });
  await recordBusinessEvents(ctx.db, [
    {
      businessId: opened.businessId,
      kind: 'business.signed-up',
      message: `Signed up by ${actor.firstName} ${actor.lastName}, owner ${input.firstName} ${input.lastName} <${input.email}>`,
      adminId: actor.id,
      details: { ownerUserId: opened.ownerId, category: input.category, state: input.state },
      at: ctx.now,
    },
  ]);
  const link = await issueMerchantPasswordLink(ctx, {
    userId: opened.ownerId,
    email: input.email,
    firstName: input.firstName,
    purpose: 'welcome',
    createdBy: actor.id,
    now: ctx.now,
  });
  return {
    business: (await findBusinessSummary(ctx.db, opened.businessId))!,
    owner: (await findBusinessUser(ctx.db, opened.ownerId))!,
    walletUid: opened.walletUid,
    setupLinkExpiresAt: link.expiresAt.toISOString(),
  };
});

export const createBusinessHandler = implement(createBusiness, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const person = await latestBusinessUserByEmail(ctx.db, input.ownerEmail);
  if (!person) throw notFound(`No merchant user has the email ${input.ownerEmail}; sign them up instead`);
  await assertBusinessType(ctx.db, input.category);
  const opened = await openBusiness(ctx.db, {
    now: ctx.now,
    adminId: ctx.admin?.id ?? null,
    name: input.businessName,
    category: input.category,
    stateCode: input.state,
    address: input.address,
    email: input.ownerEmail,
    phone: input.phone ?? person.phone,
    salesAgentEmail: input.salesAgentEmail,
    owner: { firstName: person.first_name, lastName: person.last_name, phone: person.phone, passwordHash: person.password_hash },
  });
  await recordBusinessEvents(ctx.db, [
    {
      businessId: opened.businessId,
      kind: 'business.created',
      message: `Created by ${actor.firstName} ${actor.lastName} for ${person.first_name} ${person.last_name} <${input.ownerEmail}>`,
      adminId: actor.id,
      details: { ownerUserId: opened.ownerId, category: input.category, state: input.state },
      at: ctx.now,
    },
  ]);
  return {
    business: (await findBusinessSummary(ctx.db, opened.businessId))!,
    owner: (await findBusinessUser(ctx.db, opened.ownerId))!,
    walletUid: opened.walletUid,
  };
});

export const listMerchantsHandler = implementList(listMerchants, ({ input, ctx }) => {
  let query = businessSummaryQuery(ctx.db);
  const search = input.search?.trim();
  if (search) query = query.where((eb) => eb.or([startsWith('b.name', search), startsWith('b.email', search)]));
  if (input.state) query = query.where('b.state_code', '=', input.state);
  if (input.category) query = query.where('b.category', '=', input.category);
  if (input.kyc_override !== undefined) {
    query = input.kyc_override
      ? query.where((eb) => eb.or([eb('b.kyc_exempt', '=', true), eb('b.bvn_exempt', '=', true)]))
      : query.where('b.kyc_exempt', '=', false).where('b.bvn_exempt', '=', false);
  }
  if (input.is_fraud !== undefined) query = query.where('b.is_fraud', '=', input.is_fraud);
  if (input.has_wallet !== undefined) query = query.where('w.uid', input.has_wallet ? 'is not' : 'is', null);
  if (input.startdatetime) query = query.where('b.created_at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('b.created_at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toBusinessSummary, csv: businessSummaryCsv };
});

export const merchantsByNameHandler = implement(merchantsByName, async ({ input, ctx }) => ({
  items: await businessesByPrefix(ctx.db, input.name, { orEmail: false }),
}));

export const searchMerchantsHandler = implement(searchMerchants, async ({ input, ctx }) => ({
  items: await businessesByPrefix(ctx.db, input.search, { orEmail: true }),
}));

export const merchantsWithStoresHandler = implementList(merchantsWithStores, ({ input, ctx }) => {
  let query = merchantsWithStoresQuery(ctx.db);
  const search = input.search?.trim();
  if (search) {
    if (input.search_by === 'id') {
      if (!/^\d{1,9}$/.test(search))
        throw badRequest('Searching by id needs a business id', [{ field: 'search', message: 'must be a business id (digits) when search_by is id' }]);
      query = query.where('b.id', '=', Number(search));
    } else {
      query = query.where(startsWith('b.name', search));
    }
  }
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toMerchantWithStores };
});

export const getMerchantHandler = implement(getMerchant, async ({ input, ctx }) => {
  const detail = await loadMerchantDetail(ctx.db, input.id);
  if (!detail) throw notFound(`Business ${input.id} does not exist`);
  return detail;
});

export const salesAgentBusinessesHandler = implementList(salesAgentBusinesses, ({ input, ctx }) => {
  let query = businessesOfSalesAgentQuery(ctx.db, input.email);
  const search = input.search?.trim();
  if (search) query = query.where((eb) => eb.or([startsWith('b.name', search), startsWith('b.email', search)]));
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toBusinessSummary, csv: businessSummaryCsv };
});

export const merchantPasswordLinkHandler = implement(merchantPasswordLink, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const user = await lastUsedBusinessUserByEmail(ctx.db, input.email);
  if (!user) throw notFound(`No merchant user has the email ${input.email}`);
  const businessIds = await businessIdsOfPerson(ctx.db, input.email);
  const link = await issueMerchantPasswordLink(ctx, {
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    purpose: 'reset',
    createdBy: actor.id,
    now: ctx.now,
  });
  await recordBusinessEvents(
    ctx.db,
    businessIds.map((businessId) => ({
      businessId,
      kind: 'business.password-link' as const,
      message: `Password link sent to ${user.email} by ${actor.firstName} ${actor.lastName}${link.voided ? `; ${link.voided} earlier link${link.voided === 1 ? '' : 's'} voided` : ''}`,
      adminId: actor.id,
      details: { userId: user.id, expiresAt: link.expiresAt.toISOString(), voided: link.voided },
      at: ctx.now,
    })),
  );
  return { email: user.email, link: link.link, expiresAt: link.expiresAt.toISOString(), voided: link.voided };
});
