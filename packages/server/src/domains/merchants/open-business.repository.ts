import { conflict, KYC_SUBMITTED_STATUS, OPENING_VERIFICATIONS } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/unique-violation';

/** Whether this person already owns a business of this name (names compared without case). */
export async function ownsBusinessNamed(db: Db, email: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('businesses as b')
    .innerJoin('business_users as u', 'u.business_id', 'b.id')
    .select('b.id')
    .where(sql<boolean>`lower(b.name) = lower(${name})`)
    .where(sql<boolean>`lower(u.email) = ${email}`)
    .executeTakeFirst();
  return row !== undefined;
}

export const alreadyOwns = (email: string, name: string) => conflict(`${email} already owns a business called ${name}`);

/**
 * A new business with its owner, an ACTIVE wallet and its opening verifications (email and
 * phone, submitted, as core's KYC rules say): what signup and "another business" share. The
 * owner may not already have a business of that name: checked first for the plain case, and
 * settled by the `businesses_owner_email_name` index (0008) when two requests pass the check at
 * once.
 */
export async function openBusiness(
  db: Db,
  args: {
    now: Date;
    /** Who opens it, for the KYC records' first history entry. */
    adminId: number | null;
    name: string;
    category: string;
    stateCode: string;
    address: string;
    email: string;
    phone: string;
    salesAgentEmail: string | undefined;
    owner: { firstName: string; lastName: string; phone: string; passwordHash: string | null };
  },
) {
  const { now } = args;
  if (await ownsBusinessNamed(db, args.email, args.name)) throw alreadyOwns(args.email, args.name);
  const business = await db
    .insertInto('businesses')
    .values({
      name: args.name,
      email: args.email,
      phone: args.phone,
      category: args.category,
      state_code: args.stateCode,
      address: args.address,
      sales_agent_email: args.salesAgentEmail ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      throw isUniqueViolation(error, 'businesses_owner_email_name') ? alreadyOwns(args.email, args.name) : error;
    });
  const owner = await db
    .insertInto('business_users')
    .values({
      business_id: business.id,
      email: args.email,
      first_name: args.owner.firstName,
      last_name: args.owner.lastName,
      phone: args.owner.phone,
      role: 'owner',
      password_hash: args.owner.passwordHash,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const wallet = await db
    .insertInto('wallets')
    .values({ business_id: business.id, status: 'ACTIVE', created_at: now })
    .returning('uid')
    .executeTakeFirstOrThrow();
  const kyc = await db
    .insertInto('kyc_records')
    .values(
      OPENING_VERIFICATIONS.map((type) => ({
        business_id: business.id,
        verification_type: type,
        detail: type === 'EMAIL' ? args.email : args.phone,
        status: KYC_SUBMITTED_STATUS,
        submitted_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('kyc_events')
    .values(
      kyc.map((record) => ({
        kyc_id: record.id,
        from_status: null,
        to_status: KYC_SUBMITTED_STATUS,
        comment: 'Opened when the business was created',
        admin_id: args.adminId,
        at: now,
      })),
    )
    .execute();
  return { businessId: business.id, ownerId: owner.id, walletUid: wallet.uid };
}
