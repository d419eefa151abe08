import { TERMINAL_PROVIDERS, TERMINAL_REQUEST_MOVES, TERMINAL_REQUEST_SOURCES, type TerminalRequestStatus, type TerminalState } from '@traction/core';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connect';
import type { TerminalRequestsTable } from '../db/tables/terminal-requests.tables';
import { createRandom } from './random';

/** Demo terminal requests: every channel, every status, with their change logs. */
export const DEMO_TERMINAL_REQUESTS = 1_500;

const HOUR_MS = 3_600_000;
/** The way to each status from REQUESTED (a loan request goes on loan where another is paid). */
function pathTo(status: TerminalRequestStatus, isLoan: boolean): TerminalRequestStatus[] {
  const order: TerminalRequestStatus[] = ['REQUESTED', 'APPROVED', isLoan ? 'ON_LOAN' : 'PAID', 'ASSIGNED', 'DISPATCHED', 'DELIVERED', 'DEPLOYED'];
  if (status === 'DECLINED') return ['REQUESTED', 'DECLINED'];
  if (status === 'PAID' || status === 'ON_LOAN') return order.slice(0, 3);
  return order.slice(0, order.indexOf(status) + 1);
}
/** The terminal state a request in each status has its terminal in, from assignment on. */
const TERMINAL_STATE_FOR: Partial<Record<TerminalRequestStatus, TerminalState>> = {
  ASSIGNED: 'ASSIGNED',
  DISPATCHED: 'IN_TRANSIT',
  DELIVERED: 'IN_TRANSIT',
  DEPLOYED: 'DEPLOYED',
};
const NAMES = ['Ada Obi', 'Musa Bello', 'Chinedu Eze', 'Funke Adeyemi', 'Ibrahim Sani', 'Ngozi Okafor', 'Tunde Bakare', 'Aisha Lawal'];
/** Streets with the state they are in, so a request's address and state agree. */
const STREETS = [
  { street: 'Allen Avenue, Ikeja', state: 'LA' },
  { street: 'Wuse Market, Abuja', state: 'FC' },
  { street: 'Ring Road, Ibadan', state: 'OY' },
  { street: 'Aba Road, Port Harcourt', state: 'RI' },
  { street: 'Zoo Road, Kano', state: 'KN' },
  { street: 'Ogui Road, Enugu', state: 'EN' },
] as const;
const FOLLOW_UPS = ['Merchant asked to be called before delivery', 'Phone off twice: try the store line', 'Wants a second terminal too'];

/**
 * Loads demo terminal requests once (skipped when there are any, or no merchants or admins):
 * from every channel and in every status. Requests from assignment on take terminals already
 * in the matching state at their merchant (assigned, in transit, deployed), so a request and its
 * terminals agree; each status entered is in the change log, hours apart.
 */
export async function seedTerminalRequests(db: Db, options: { now?: Date; count?: number } = {}): Promise<{ requests: number }> {
  if (await db.selectFrom('terminal_requests').select('id').limit(1).executeTakeFirst()) return { requests: 0 };
  const admins = await db.selectFrom('admins').select('id').orderBy('id').limit(8).execute();
  const merchants = await db.selectFrom('businesses').select('id').where('is_fraud', '=', false).orderBy('id').limit(2_000).execute();
  if (admins.length === 0 || merchants.length === 0) return { requests: 0 };
  const now = options.now ?? new Date();
  const count = options.count ?? DEMO_TERMINAL_REQUESTS;
  const random = createRandom(29);
  // Terminals free to stand for a request, by the state a request's terminal would be in.
  const free = new Map<TerminalState, { id: number; business_id: number }[]>();
  for (const state of ['ASSIGNED', 'IN_TRANSIT', 'DEPLOYED'] as const) {
    const rows = await db
      .selectFrom('terminals')
      .select(['id', 'business_id'])
      .where('state', '=', state)
      .where('business_id', 'is not', null)
      .orderBy('id')
      .limit(count)
      .execute();
    free.set(
      state,
      rows.map((row) => ({ id: row.id, business_id: row.business_id! })),
    );
  }
  const statuses = Object.keys(TERMINAL_REQUEST_MOVES) as TerminalRequestStatus[];
  type Planned = { values: Insertable<TerminalRequestsTable>; path: TerminalRequestStatus[]; at: Date[]; terminal?: number; n: number };
  const planned: Planned[] = [];
  for (let n = 0; n < count; n++) {
    const isLoan = n % 6 === 0;
    let status = statuses[n % statuses.length]!;
    if ((status === 'PAID' && isLoan) || (status === 'ON_LOAN' && !isLoan)) status = isLoan ? 'ON_LOAN' : 'PAID';
    const wanted = TERMINAL_STATE_FOR[status];
    const terminal = wanted ? free.get(wanted)?.pop() : undefined;
    // No terminal left in that state: the request waits for assignment instead.
    if (wanted && !terminal) status = isLoan ? 'ON_LOAN' : 'PAID';
    const path = pathTo(status, isLoan);
    const provider = random.pick(TERMINAL_PROVIDERS);
    const started = new Date(now.getTime() - (24 + random.int(24 * 80)) * HOUR_MS);
    const at = path.map((_, step) => new Date(started.getTime() + step * (2 + random.int(30)) * HOUR_MS));
    const lastAt = at[at.length - 1]!;
    const followUp = n % 11 === 0 && status !== 'DEPLOYED' && status !== 'DECLINED';
    const quantity = terminal ? 1 : 1 + (n % 7 === 0 ? random.int(4) : 0);
    const place = random.pick(STREETS);
    planned.push({
      n,
      path,
      at,
      ...(terminal ? { terminal: terminal.id } : {}),
      values: {
        source: TERMINAL_REQUEST_SOURCES[n % TERMINAL_REQUEST_SOURCES.length]!,
        business_id: terminal?.business_id ?? merchants[random.int(merchants.length)]!.id,
        contact_name: random.pick(NAMES),
        contact_phone: `+234803${String(1_000_000 + random.int(8_999_999))}`,
        delivery_address: `${1 + random.int(120)} ${place.street}`,
        state_code: place.state,
        quantity,
        provider: provider.name,
        model: random.pick(provider.models),
        plan: n % 3 === 0 ? 'OUTRIGHT' : 'RENTAL',
        is_loan: isLoan,
        amount: BigInt(quantity) * (n % 3 === 0 ? 12_500_000n : 500_000n),
        status,
        follow_up: followUp,
        follow_up_note: followUp ? random.pick(FOLLOW_UPS) : null,
        note: null,
        requested_by: admins[n % admins.length]!.id,
        created_at: at[0]!,
        updated_at: lastAt,
        deployed_at: status === 'DEPLOYED' ? lastAt : null,
      },
    });
  }
  let made = 0;
  for (let from = 0; from < planned.length; from += 500) {
    const chunk = planned.slice(from, from + 500);
    // One insert per chunk; RETURNING gives the ids in the order of the VALUES rows.
    const ids = await db
      .insertInto('terminal_requests')
      .values(chunk.map((each) => each.values))
      .returning('id')
      .execute();
    const events = chunk.flatMap((each, index) =>
      each.path.map((to, step) => ({
        request_id: ids[index]!.id,
        from_status: step === 0 ? null : each.path[step - 1]!,
        to_status: to,
        note: to === 'DECLINED' ? 'Merchant volume too low for a terminal' : null,
        admin_id: admins[(each.n + step) % admins.length]!.id,
        at: each.at[step]!,
      })),
    );
    await db.insertInto('terminal_request_events').values(events).execute();
    const links = chunk.flatMap((each, index) => (each.terminal ? [{ request_id: ids[index]!.id, terminal_id: each.terminal }] : []));
    if (links.length > 0) await db.insertInto('terminal_request_terminals').values(links).execute();
    made += chunk.length;
  }
  return { requests: made };
}
