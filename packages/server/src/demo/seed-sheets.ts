import { stateName } from '@traction/core';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { keepSheetVersion } from '../domains/sheets/index';
import { createRandom } from './random';
import { DEMO_FIELD_OFFICERS } from './demo-field-officers';

const DAY = 86_400_000;
/** Terminals each sheet's first version lists; later versions drop a few and add a few. */
const LISTED = 280;
const STATUS_WORDS: Record<string, string> = {
  IN_STOCK: 'In stock',
  ASSIGNED: 'Assigned',
  IN_TRANSIT: 'In transit',
  DEPLOYED: 'Deployed',
  FAULTY: 'Faulty',
  RETRIEVED: 'Retrieved',
  DECOMMISSIONED: 'Decommissioned',
};
const OFFICERS = DEMO_FIELD_OFFICERS.filter((officer) => officer.role === 'MSO').map((officer) => officer.name);
const NOTES = ['Terminal working', 'Paper roll left', 'Merchant asked for a second terminal', 'Network weak in the shop', 'Closed on visit', ''];

interface DemoTerminal {
  serial: string;
  tid: string;
  state: string;
  businessId: number | null;
  businessName: string;
  stateName: string;
  address: string;
}

async function demoTerminals(db: Db): Promise<DemoTerminal[]> {
  const rows = await db
    .selectFrom('terminals as t')
    .leftJoin('businesses as b', 'b.id', 't.business_id')
    .select(['t.serial_no', 't.terminal_id', 't.state', 't.business_id', 'b.name', 'b.state_code', 'b.address'])
    .orderBy('t.id')
    .limit(LISTED + 40)
    .execute();
  return rows.map((row) => ({
    serial: row.serial_no,
    tid: row.terminal_id,
    state: row.state,
    businessId: row.business_id,
    businessName: row.name ?? '',
    stateName: row.state_code ? stateName(row.state_code) : 'Lagos',
    address: row.address ?? '',
  }));
}

/** The Monday of the week `daysAgo` days back, YYYY-MM-DD. */
function mondayOf(now: Date, daysAgo: number): string {
  const day = new Date(now.getTime() - daysAgo * DAY);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * DAY).toISOString().slice(0, 10);
}

/**
 * Demo versions of the three field sheets, built from the demo terminals and their merchants: the
 * mastersheet in three versions, the location and weekly visitation sheets in two, each version
 * dropping, adding and changing some rows against the one before, with a handful of rows that put
 * a terminal at another merchant than the system does (flagged). Once: skipped when any version exists.
 */
export async function seedSheets(deps: AppDeps): Promise<Record<string, number>> {
  const { db } = deps;
  if (await db.selectFrom('sheet_versions').select('id').limit(1).executeTakeFirst()) return {};
  const terminals = await demoTerminals(db);
  if (terminals.length < 20) return {};
  const random = createRandom(2020);
  const now = deps.clock.now();
  const admin = await db.selectFrom('admins').select('id').orderBy('id').limit(1).executeTakeFirst();
  const adminId = admin?.id ?? null;
  const mapped = terminals.filter((terminal) => terminal.businessId !== null);
  const counts: Record<string, number> = { versions: 0, rows: 0, flagged: 0 };
  const keep = async (
    source: Parameters<typeof keepSheetVersion>[1]['source'],
    tag: string,
    fileName: string,
    daysAgo: number,
    rows: Record<string, string>[],
  ) => {
    const kept = await keepSheetVersion(db, { source, tag, fileName, rows, adminId, at: new Date(now.getTime() - daysAgo * DAY) });
    counts.versions = (counts.versions ?? 0) + 1;
    counts.rows = (counts.rows ?? 0) + kept.rows;
    counts.flagged = (counts.flagged ?? 0) + kept.flagged;
  };
  /** Another mapped terminal's merchant, for a row that contradicts the system. */
  const otherMerchant = (terminal: DemoTerminal) => mapped.find((other) => other.businessId !== null && other.businessId !== terminal.businessId);

  // Mastersheet: versions of the same terminals, each a month apart.
  const masterRow = (terminal: DemoTerminal, round: number, index: number): Record<string, string> => {
    const contradicts = terminal.businessId !== null && (index * 7 + round) % 61 === 0;
    const merchant = contradicts ? (otherMerchant(terminal) ?? terminal) : terminal;
    const moved = (index + round * 5) % 23 === 0 && round > 0;
    return {
      serial_no: terminal.serial,
      tid: terminal.tid,
      merchant_id: merchant.businessId === null ? '' : String(merchant.businessId),
      merchant_name: merchant.businessName,
      state: terminal.stateName,
      address: moved ? `${10 + round} ${terminal.address || 'Allen Avenue, Ikeja'}` : terminal.address,
      status: STATUS_WORDS[terminal.state] ?? terminal.state,
    };
  };
  const window = (round: number) => terminals.slice(round * 8, Math.min(terminals.length, LISTED + round * 12));
  for (const [round, tag, days] of [
    [0, 'September field audit', 62],
    [1, 'October field audit', 33],
    [2, 'November field audit', 4],
  ] as const) {
    await keep(
      'terminal-mastersheet',
      tag,
      `terminal-mastersheet-${tag.split(' ')[0]!.toLowerCase()}.xlsx`,
      days,
      window(round).map((terminal, index) => masterRow(terminal, round, index)),
    );
  }

  // Location sheet: coordinates around each terminal's state, some re-surveyed in the second version.
  const base = terminals.map(() => ({ lat: 6.4 + random.next() * 0.4, lng: 3.2 + random.next() * 0.4 }));
  for (const [round, tag, days] of [
    [0, 'Lagos survey Q3', 75],
    [1, 'Lagos survey Q4', 12],
  ] as const) {
    await keep(
      'terminal-location-sheet',
      tag,
      `terminal-locations-${round + 1}.csv`,
      days,
      window(round).map((terminal, index) => {
        const spot = base[terminals.indexOf(terminal)]!;
        const shift = round > 0 && index % 17 === 0 ? 0.01 : 0;
        return {
          tid: terminal.tid,
          state: terminal.stateName,
          lga: ['Ikeja', 'Surulere', 'Lekki', 'Yaba', 'Apapa'][index % 5]!,
          address: terminal.address,
          latitude: (spot.lat + shift).toFixed(5),
          longitude: (spot.lng + shift).toFixed(5),
        };
      }),
    );
  }

  // Weekly visitation: the merchants visited two weeks ago, then that week again with last week's visits added.
  const visited = mapped.slice(0, 150);
  const visitRows = (week: string, weekIndex: number, round: number) =>
    visited.map((terminal, index) => {
      const contradicts = (index + weekIndex) % 53 === 0;
      return {
        week_starting: week,
        tid: terminal.tid,
        merchant_name: contradicts ? (otherMerchant(terminal)?.businessName ?? terminal.businessName) : terminal.businessName,
        officer: OFFICERS[(index + weekIndex) % OFFICERS.length]!,
        // The second upload corrects a few visits the first recorded as missed.
        visited: (index + weekIndex) % 9 === 0 && round === 0 ? 'N' : 'Y',
        notes: NOTES[(index * 3 + weekIndex) % NOTES.length]!,
      };
    });
  const earlier = mondayOf(now, 14);
  const later = mondayOf(now, 7);
  await keep('terminal-weekly-visitation-sheet', `Week of ${earlier}`, `weekly-visitation-${earlier}.xlsx`, 9, visitRows(earlier, 0, 0));
  await keep('terminal-weekly-visitation-sheet', `Weeks of ${earlier} and ${later}`, `weekly-visitation-${later}.xlsx`, 2, [
    ...visitRows(earlier, 0, 1),
    ...visitRows(later, 1, 1).slice(0, 120),
  ]);
  return counts;
}
