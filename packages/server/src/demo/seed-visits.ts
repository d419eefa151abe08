import type { FieldAgentRole, VisitAgenda } from '@traction/core';
import type { Insertable } from 'kysely';
import type { FieldAgentsTable, MerchantCsrTable, VisitEventsTable, VisitsTable } from '../db/tables/visits.tables';
import type { AppDeps } from '../deps';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom } from './random';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET = HOUR;
/** Visits start at these Lagos hours; at most 90 minutes each, so one agent's visits of a day never overlap. */
const SLOTS = [9, 11, 14, 16];
const DURATIONS = [45, 60, 60, 90];
const PAST_DAYS = 60;
const FUTURE_DAYS = 14;
const SALES_AGENTS = 6;
const CSRS = 5;
/** Share of merchants a CSR manages, and of those the CSR also onboarded. */
const MANAGED_SHARE = 0.6;
const ONBOARDED_SHARE = 0.4;
const STATES = ['LA', 'FC', 'KN', 'RI', 'OY', 'EN', 'KD', 'AN'];
const PHONE_PREFIXES = ['803', '806', '813', '816', '703', '706', '810', '814', '903', '906'];
const AGENDAS: readonly VisitAgenda[] = ['ONBOARDING', 'SUPPORT', 'SUPPORT', 'RETRIEVAL', 'TRAINING', 'KYC_COLLECTION', 'COLLECTION'];
const OUTCOMES: Record<VisitAgenda, readonly string[]> = {
  ONBOARDING: ['Signed the merchant up; KYC documents photographed', 'Owner agreed to start next week; account opened'],
  SUPPORT: ['Terminal was not printing: replaced the paper roll and tested a sale', 'Reset the terminal network settings; transactions going through'],
  RETRIEVAL: ['Collected the terminal and charger; merchant signed the retrieval form', 'Terminal retrieved in good condition'],
  TRAINING: ['Trained two cashiers on transfers and reversals', 'Showed the owner the settlement report in the app'],
  KYC_COLLECTION: ['Collected the utility bill and ID card', 'Owner’s BVN confirmed; CAC certificate photographed'],
  COLLECTION: ['Merchant paid the outstanding terminal fee', 'Agreed a repayment date for the loan arrears'],
};
const MISSED = ['Shop closed when the agent arrived', 'Owner not available; to be rescheduled', 'Agent stuck in traffic; merchant informed'];
const CANCELLED = ['Merchant asked to move the visit', 'Agent reassigned to an urgent retrieval', 'Public holiday'];

const nameFromEmail = (email: string) =>
  email
    .split('@')[0]!
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

/**
 * Demo data of issue 20: about 20 field agents (the officers who deployed demo terminals, linked
 * by phone; the sales agents named on demo merchants, linked by email; CSRs), CSRs managing most
 * merchants (some onboarded by them), and visits of the field agents over the last 60 days
 * (done, missed or cancelled, with outcomes) and the next 14 (scheduled), never double-booked.
 * Once: skipped when agents exist.
 */
export async function seedVisits(deps: AppDeps, options: { now?: Date } = {}): Promise<Record<string, number>> {
  const { db } = deps;
  if (await db.selectFrom('field_agents').select('id').limit(1).executeTakeFirst()) return { agents: 0, managed: 0, visits: 0 };
  const now = options.now ?? deps.clock.now();
  const random = createRandom(20);
  const phone = () => `+234${random.pick(PHONE_PREFIXES)}${String(random.int(10_000_000)).padStart(7, '0')}`;

  const agents: Insertable<FieldAgentsTable>[] = [];
  const emails = new Set<string>();
  const add = (agent: { name: string; email?: string; phone: string; role: FieldAgentRole; stateCode: string }) => {
    const [first, ...rest] = agent.name.split(' ');
    let email = (agent.email ?? `${first}.${rest.join('')}@traction.ng`).toLowerCase();
    for (let n = 2; emails.has(email); n++) email = `${first}.${rest.join('')}${n}@traction.ng`.toLowerCase();
    emails.add(email);
    agents.push({
      name: agent.name,
      email,
      phone: agent.phone,
      role: agent.role,
      state_code: agent.stateCode,
      created_at: new Date(now.getTime() - 200 * DAY),
    });
  };
  // The officers who deployed terminals, as the deployment codes name them.
  const officers = await db
    .selectFrom('terminal_deployment_codes')
    .select(['officer_name', 'officer_phone', 'officer_role'])
    .distinct()
    .orderBy('officer_name')
    .execute();
  for (const officer of officers) add({ name: officer.officer_name, phone: officer.officer_phone, role: officer.officer_role, stateCode: random.pick(STATES) });
  // Sales agents as demo merchants name them (businesses.sales_agent_email).
  const salesEmails = await db
    .selectFrom('businesses')
    .select('sales_agent_email')
    .distinct()
    .where('sales_agent_email', 'is not', null)
    .orderBy('sales_agent_email')
    .limit(SALES_AGENTS)
    .execute();
  for (const { sales_agent_email: email } of salesEmails) {
    if (email && !emails.has(email.toLowerCase()))
      add({ name: nameFromEmail(email), email, phone: phone(), role: 'SALES_AGENT', stateCode: random.pick(STATES) });
  }
  // Without deployments, MSOs and DSRs of our own.
  for (let n = 0; agents.length < 10; n++) {
    add({ name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`, phone: phone(), role: n % 2 ? 'DSR' : 'MSO', stateCode: random.pick(STATES) });
  }
  for (let n = 0; n < CSRS; n++) add({ name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`, phone: phone(), role: 'CSR', stateCode: 'LA' });
  // One agent who left: listed, never booked.
  agents[agents.length - CSRS - 1] = { ...agents[agents.length - CSRS - 1]!, active: false };
  const inserted = await db.insertInto('field_agents').values(agents).returning(['id', 'role', 'active']).execute();

  const businesses = await db
    .selectFrom('businesses')
    .select(['id', 'name', 'address', 'state_code', 'created_at'])
    .where('is_fraud', '=', false)
    .orderBy('id')
    .limit(50_000)
    .execute();
  if (businesses.length === 0) return { agents: inserted.length, managed: 0, visits: 0 };

  // CSRs manage most merchants; some they onboarded themselves.
  const csrs = inserted.filter((agent) => agent.role === 'CSR');
  const managed: Insertable<MerchantCsrTable>[] = [];
  for (const business of businesses) {
    if (!random.chance(MANAGED_SHARE)) continue;
    const created = new Date(business.created_at).getTime();
    const onboarded = random.chance(ONBOARDED_SHARE);
    const since = onboarded ? created : Math.min(now.getTime(), created + random.int(30) * DAY);
    managed.push({ business_id: business.id, csr_agent_id: random.pick(csrs).id, since: new Date(since), onboarded });
  }
  for (let i = 0; i < managed.length; i += 1_000)
    await db
      .insertInto('merchant_csr')
      .values(managed.slice(i, i + 1_000))
      .execute();

  // Visits of the field agents (not CSRs, who work from the office), in fixed slots.
  const admins = await db.selectFrom('admins').select('id').orderBy('id').limit(3).execute();
  const adminId = admins.length ? admins[0]!.id : null;
  const field = inserted.filter((agent) => agent.role !== 'CSR' && agent.active);
  const lagosToday = Math.floor((now.getTime() + LAGOS_OFFSET) / DAY) * DAY - LAGOS_OFFSET;
  const visits: (Insertable<VisitsTable> & { closing: { kind: VisitEventsTable['kind']; note: string; at: Date } | null })[] = [];
  for (const agent of field) {
    for (let day = -PAST_DAYS; day <= FUTURE_DAYS; day++) {
      const weekday = new Date(lagosToday + day * DAY + LAGOS_OFFSET).getUTCDay();
      if (weekday === 0 || !random.chance(0.3)) continue;
      for (const hour of SLOTS) {
        if (!random.chance(0.4)) continue;
        const scheduledFor = new Date(lagosToday + day * DAY + hour * HOUR);
        const business = random.pick(businesses);
        const agenda = random.pick(AGENDAS);
        const past = scheduledFor.getTime() < now.getTime();
        const createdAt = new Date(Math.min(now.getTime(), scheduledFor.getTime()) - (1 + random.int(7)) * DAY);
        const roll = random.next();
        const status = !past ? (roll < 0.05 ? 'CANCELLED' : 'SCHEDULED') : roll < 0.72 ? 'DONE' : roll < 0.87 ? 'MISSED' : 'CANCELLED';
        const loggedAt = new Date(Math.min(now.getTime(), scheduledFor.getTime() + (2 + random.int(20)) * HOUR));
        const cancelledAt = new Date(Math.min(now.getTime(), scheduledFor.getTime() - HOUR, createdAt.getTime() + DAY));
        const outcome = status === 'DONE' ? random.pick(OUTCOMES[agenda]) : status === 'MISSED' ? random.pick(MISSED) : null;
        const reason = status === 'CANCELLED' ? random.pick(CANCELLED) : null;
        visits.push({
          agent_id: agent.id,
          business_id: business.id,
          agenda,
          location: business.address.trim().length >= 2 ? business.address.trim().slice(0, 300) : business.name.slice(0, 300),
          state_code: business.state_code,
          scheduled_for: scheduledFor,
          duration_minutes: random.pick(DURATIONS),
          status,
          note: random.chance(0.3) ? 'Call the owner before going' : null,
          outcome,
          logged_at: outcome ? loggedAt : null,
          logged_by: outcome ? adminId : null,
          cancel_reason: reason,
          cancelled_at: reason ? cancelledAt : null,
          created_by: adminId,
          created_at: createdAt,
          closing: outcome
            ? { kind: status as 'DONE' | 'MISSED', note: outcome, at: loggedAt }
            : reason
              ? { kind: 'CANCELLED', note: reason, at: cancelledAt }
              : null,
        });
      }
    }
  }
  for (let i = 0; i < visits.length; i += 500) {
    const chunk = visits.slice(i, i + 500);
    const ids = await db
      .insertInto('visits')
      .values(chunk.map(({ closing: _closing, ...visit }) => visit))
      .returning('id')
      .execute();
    const events: Insertable<VisitEventsTable>[] = [];
    chunk.forEach((visit, n) => {
      const visitId = ids[n]!.id;
      events.push({ visit_id: visitId, kind: 'SCHEDULED', note: visit.note ?? null, admin_id: adminId, at: visit.created_at as Date });
      if (visit.closing) events.push({ visit_id: visitId, kind: visit.closing.kind, note: visit.closing.note, admin_id: adminId, at: visit.closing.at });
    });
    await db.insertInto('visit_events').values(events).execute();
  }
  return { agents: inserted.length, managed: managed.length, visits: visits.length };
}
