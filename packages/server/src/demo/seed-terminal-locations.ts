import { NIGERIAN_STATES, type TerminalLocationKind } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect';

interface DemoLocation {
  name: string;
  address: string;
  stateCode: string;
  lga: string | null;
  kind: TerminalLocationKind;
  capacity: number | null;
  active?: boolean;
}

/** Where the company keeps stock: a few large warehouses in the commercial cities. */
const WAREHOUSES: readonly DemoLocation[] = [
  { name: 'Ikeja Central Warehouse', address: '12 Oba Akran Avenue, Ikeja', stateCode: 'LA', lga: 'Ikeja', kind: 'WAREHOUSE', capacity: null },
  { name: 'Apapa Warehouse', address: '3 Wharf Road, Apapa', stateCode: 'LA', lga: 'Apapa', kind: 'WAREHOUSE', capacity: 6_000 },
  { name: 'Idu Warehouse, Abuja', address: 'Plot 1203, Idu Industrial Layout', stateCode: 'FC', lga: 'Abuja Municipal', kind: 'WAREHOUSE', capacity: 4_000 },
  { name: 'Kano Warehouse', address: '18 Bompai Road, Kano', stateCode: 'KN', lga: 'Nassarawa', kind: 'WAREHOUSE', capacity: 1_500 },
  {
    name: 'Trans-Amadi Warehouse',
    address: '7 Trans-Amadi Industrial Layout, Port Harcourt',
    stateCode: 'RI',
    lga: 'Obio/Akpor',
    kind: 'WAREHOUSE',
    capacity: 2_500,
  },
  { name: 'Oluyole Warehouse', address: '22 Oluyole Industrial Estate, Ibadan', stateCode: 'OY', lga: 'Oluyole', kind: 'WAREHOUSE', capacity: 2_000 },
];

/** Markets and malls where many merchants sit together and terminals are deployed in numbers. */
const MERCHANT_SITES: readonly DemoLocation[] = [
  { name: 'Computer Village', address: 'Otigba Street, Ikeja', stateCode: 'LA', lga: 'Ikeja', kind: 'MERCHANT_SITE', capacity: 400 },
  { name: 'Balogun Market', address: 'Balogun Street, Lagos Island', stateCode: 'LA', lga: 'Lagos Island', kind: 'MERCHANT_SITE', capacity: 350 },
  { name: 'Alaba International Market', address: 'Alaba, Ojo', stateCode: 'LA', lga: 'Ojo', kind: 'MERCHANT_SITE', capacity: 300 },
  { name: 'Wuse Market', address: 'Wuse Zone 5, Abuja', stateCode: 'FC', lga: 'Abuja Municipal', kind: 'MERCHANT_SITE', capacity: 250 },
  { name: 'Kurmi Market', address: 'Kurmi, Kano City', stateCode: 'KN', lga: 'Municipal', kind: 'MERCHANT_SITE', capacity: 200 },
  { name: 'Onitsha Main Market', address: 'Main Market, Onitsha', stateCode: 'AN', lga: 'Onitsha North', kind: 'MERCHANT_SITE', capacity: 250 },
  { name: 'Ariaria International Market', address: 'Faulks Road, Aba', stateCode: 'AB', lga: 'Aba North', kind: 'MERCHANT_SITE', capacity: 200 },
  { name: 'Bodija Market', address: 'Bodija, Ibadan', stateCode: 'OY', lga: 'Ibadan North', kind: 'MERCHANT_SITE', capacity: 120 },
  { name: 'Mile One Market', address: 'Ikwerre Road, Port Harcourt', stateCode: 'RI', lga: 'Port Harcourt', kind: 'MERCHANT_SITE', capacity: 150 },
];

/** A field office in every state's capital: retrieved and faulty terminals wait there for the warehouse. One is closed for now. */
const FIELD_OFFICES: readonly DemoLocation[] = NIGERIAN_STATES.map((state) => ({
  name: `${state.capital} Field Office`,
  address: `Traction House, ${state.capital}`,
  stateCode: state.code,
  lga: null,
  kind: 'FIELD_OFFICE' as const,
  capacity: 300,
  ...(state.code === 'BO' ? { active: false } : {}),
}));

export const DEMO_TERMINAL_LOCATIONS: readonly DemoLocation[] = [...WAREHOUSES, ...MERCHANT_SITES, ...FIELD_OFFICES];

/**
 * Loads the demo terminal locations once (skipped when there are any): warehouses, market sites
 * and a field office in each state. Then places the terminals there, by the database: stock and
 * decommissioned ones in the warehouses, faulty and retrieved ones at the field offices, and one
 * deployed terminal in five at a market site of its store's state. Each placement is in the
 * terminal's history. A capacity is raised to what the demo put there; Kano Warehouse is left full.
 */
export async function seedTerminalLocations(db: Db, options: { now?: Date } = {}): Promise<{ locations: number; placed: number }> {
  if (await db.selectFrom('terminal_locations').select('id').limit(1).executeTakeFirst()) return { locations: 0, placed: 0 };
  const now = options.now ?? new Date();
  await db
    .insertInto('terminal_locations')
    .values(
      DEMO_TERMINAL_LOCATIONS.map((location) => ({
        name: location.name,
        address: location.address,
        state_code: location.stateCode,
        lga: location.lga,
        kind: location.kind,
        capacity: location.capacity,
        active: location.active ?? true,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  await sql`
    with w as (select id, row_number() over (order by id)::int - 1 k, count(*) over ()::int n from terminal_locations where kind = 'WAREHOUSE' and active)
    update terminals t set location_id = w.id from w where t.state in ('IN_STOCK', 'DECOMMISSIONED') and w.k = t.id % w.n`.execute(db);
  await sql`
    with f as (select id, row_number() over (order by id)::int - 1 k, count(*) over ()::int n from terminal_locations where kind = 'FIELD_OFFICE' and active)
    update terminals t set location_id = f.id from f where t.state in ('FAULTY', 'RETRIEVED') and f.k = t.id % f.n`.execute(db);
  await sql`
    with m as (
      select id, state_code, row_number() over (partition by state_code order by id)::int - 1 k, count(*) over (partition by state_code)::int n
      from terminal_locations where kind = 'MERCHANT_SITE' and active
    )
    update terminals t set location_id = m.id from stores s, m
    where t.store_id = s.id and t.state = 'DEPLOYED' and t.id % 5 = 0 and m.state_code = s.state_code and m.k = (t.id / 5) % m.n`.execute(db);

  await sql`
    update terminal_locations l set capacity = greatest(l.capacity, c.n)
    from (select location_id, count(*)::int n from terminals where location_id is not null group by location_id) c
    where c.location_id = l.id and l.capacity is not null`.execute(db);
  // One full warehouse, so the available list is shorter than the whole.
  await sql`
    update terminal_locations l set capacity = (select count(*)::int from terminals t where t.location_id = l.id)
    where l.name = 'Kano Warehouse' and exists (select 1 from terminals t where t.location_id = l.id)`.execute(db);
  await sql`
    insert into terminal_events (terminal_id, type, summary, at)
    select t.id, 'location', 'Moved to ' || l.name, t.updated_at from terminals t join terminal_locations l on l.id = t.location_id`.execute(db);

  const placed = await db.selectFrom('terminals').select(sql<string>`count(*)`.as('n')).where('location_id', 'is not', null).executeTakeFirstOrThrow();
  return { locations: DEMO_TERMINAL_LOCATIONS.length, placed: Number(placed.n) };
}
