import type { DeploymentRejection, FieldOfficerRole } from '@traction/core';
import { lagosDateTime } from '@traction/core/format';
import type { Db } from '../db/connect';
import { sha256 } from '../crypto';
import { createRandom } from './random';
import { DEMO_FIELD_OFFICERS } from './demo-field-officers';

/** Deployments made with codes in the demo data: the most recently deployed terminals. */
export const DEMO_DEPLOYMENTS = 400;
/** Terminals in transit given a working code, waiting to be set up. */
const DEMO_ACTIVE_CODES = 30;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const CODE_HOURS = 72;

const OFFICERS = DEMO_FIELD_OFFICERS;
const ROLE_WORDS: Record<FieldOfficerRole, string> = { MSO: 'MSO', DSR: 'DSR', SALES_AGENT: 'Sales agent' };

/** Roughly where a store of each state is (its main city); others are put in Lagos. */
const CITIES: Readonly<Record<string, readonly [number, number]>> = {
  LA: [6.5244, 3.3792],
  FC: [9.0765, 7.3986],
  KN: [12.0022, 8.592],
  RI: [4.8156, 7.0498],
  OY: [7.3775, 3.947],
  EN: [6.4584, 7.5464],
  KD: [10.5105, 7.4165],
  ED: [6.335, 5.6037],
  AN: [6.2104, 7.0741],
  DE: [6.2059, 6.6959],
  OG: [7.1475, 3.3619],
  PL: [9.8965, 8.8583],
};

/** What the device is answered, as the deployment handlers word it. */
const WRONG_CODE = 'That code does not deploy this terminal: check the terminal ID, the serial number and the code, or ask for a new code.';
const TOO_MANY = 'Too many wrong codes for this terminal. Try again in 60 minutes.';
const lagos = (instant: Date) => `${lagosDateTime(instant.toISOString())} (Lagos time)`;

interface ReportRow {
  received_at: Date;
  sent_terminal_id: string;
  sent_serial_no: string;
  latitude: number;
  longitude: number;
  terminal_id: number | null;
  code_id: number | null;
  result: 'ACCEPTED' | 'REJECTED';
  reason: DeploymentRejection | null;
  message: string;
  ip: string;
}

/**
 * Loads demo deployments once (skipped when any deployment code exists, or when there is no
 * admin to have issued codes): for the most recently deployed terminals, the code an officer was
 * given, the terminal's accepted report at the time it was deployed, and the deployment; some
 * with a typo first, a retry after, an expired or replaced code before. Terminals in transit
 * get working codes, and a few strangers' guesses are refused. Codes are random digits nobody is
 * told: only their hashes are kept. With no merchants there is nothing deployed: only the
 * strangers' reports are made.
 */
export async function seedTerminalDeployments(
  db: Db,
  options: { now?: Date; count?: number } = {},
): Promise<{ codes: number; reports: number; deployments: number }> {
  if (await db.selectFrom('terminal_deployment_codes').select('id').limit(1).executeTakeFirst()) return { codes: 0, reports: 0, deployments: 0 };
  const admins = await db.selectFrom('admins').select('id').orderBy('id').limit(6).execute();
  if (admins.length === 0) return { codes: 0, reports: 0, deployments: 0 };
  const now = options.now ?? new Date();
  const random = createRandom(34);
  const digits = () => Array.from({ length: 6 }, () => random.int(10)).join('');
  const ip = () => `102.89.${random.int(256)}.${1 + random.int(254)}`;
  const place = (stateCode: string | null) => {
    const [latitude, longitude] = CITIES[stateCode ?? 'LA'] ?? CITIES.LA!;
    const jitter = () => Math.round((random.next() - 0.5) * 0.1 * 1e6) / 1e6;
    return { latitude: latitude + jitter(), longitude: longitude + jitter() };
  };

  const terminalsIn = (state: 'DEPLOYED' | 'IN_TRANSIT', limit: number) =>
    db
      .selectFrom('terminals as t')
      .leftJoin('stores as s', 's.id', 't.store_id')
      .select(['t.id', 't.terminal_id', 't.serial_no', 't.business_id', 't.store_id', 't.updated_at', 's.state_code'])
      .where('t.state', '=', state)
      .where('t.business_id', 'is not', null)
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute();
  const deployed = await terminalsIn('DEPLOYED', options.count ?? DEMO_DEPLOYMENTS);
  const inTransit = await terminalsIn('IN_TRANSIT', DEMO_ACTIVE_CODES);
  // The request each was sent for, where the request data names one.
  const requestOf = new Map<number, number>();
  // When the request says when it was deployed, the deployment was then.
  const deployedAtOf = new Map<number, Date>();
  const terminalIds = [...deployed, ...inTransit].map((terminal) => terminal.id);
  if (terminalIds.length > 0) {
    const links = await db
      .selectFrom('terminal_request_terminals as rt')
      .innerJoin('terminal_requests as r', 'r.id', 'rt.request_id')
      .innerJoin('terminals as t', 't.id', 'rt.terminal_id')
      .select(['rt.terminal_id', 'r.id', 'r.deployed_at'])
      .where('rt.terminal_id', 'in', terminalIds)
      .whereRef('r.business_id', '=', 't.business_id')
      .orderBy('r.id')
      .execute();
    for (const link of links) {
      requestOf.set(link.terminal_id, link.id);
      if (link.deployed_at) deployedAtOf.set(link.terminal_id, new Date(link.deployed_at));
    }
  }

  let codes = 0;
  let deployments = 0;
  const reports: ReportRow[] = [];
  const issueCode = async (code: {
    terminal: (typeof deployed)[number];
    officer: (typeof OFFICERS)[number];
    createdAt: Date;
    usedAt?: Date;
    revoked?: { at: Date; reason: string };
    admin: number;
  }) => {
    codes += 1;
    const row = await db
      .insertInto('terminal_deployment_codes')
      .values({
        terminal_id: code.terminal.id,
        business_id: code.terminal.business_id!,
        request_id: requestOf.get(code.terminal.id) ?? null,
        officer_name: code.officer.name,
        officer_phone: code.officer.phone,
        officer_role: code.officer.role,
        note: null,
        code_hash: sha256(digits()),
        created_by: code.admin,
        created_at: code.createdAt,
        expires_at: new Date(code.createdAt.getTime() + CODE_HOURS * HOUR_MS),
        used_at: code.usedAt ?? null,
        revoked_at: code.revoked?.at ?? null,
        revoke_reason: code.revoked?.reason ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const report = (row: Omit<ReportRow, 'ip'> & { ip?: string }) => reports.push({ ip: ip(), ...row });

  /** The accepted report, the deployment and the note in the terminal's history, for a code used when the terminal was deployed. */
  const deploy = async (
    terminal: (typeof deployed)[number],
    officer: (typeof OFFICERS)[number],
    codeId: number,
    where: { latitude: number; longitude: number },
  ) => {
    const deployedAt = deployedAtOf.get(terminal.id) ?? new Date(terminal.updated_at);
    const merchant = await db.selectFrom('businesses').select('name').where('id', '=', terminal.business_id!).executeTakeFirstOrThrow();
    const accepted = await db
      .insertInto('terminal_deployment_reports')
      .values({
        sent_terminal_id: terminal.terminal_id,
        sent_serial_no: terminal.serial_no,
        ...where,
        terminal_id: terminal.id,
        received_at: deployedAt,
        code_id: codeId,
        result: 'ACCEPTED',
        reason: null,
        message: `Terminal ${terminal.terminal_id} is deployed at ${merchant.name}. Thank you, ${officer.name}.`,
        ip: ip(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('terminal_deployments')
      .values({
        terminal_id: terminal.id,
        business_id: terminal.business_id!,
        store_id: terminal.store_id,
        request_id: requestOf.get(terminal.id) ?? null,
        code_id: codeId,
        report_id: accepted.id,
        officer_name: officer.name,
        officer_phone: officer.phone,
        officer_role: officer.role,
        ...where,
        deployed_at: deployedAt,
      })
      .execute();
    deployments += 1;
    // The terminal's history says who deployed it.
    await db
      .updateTable('terminal_events')
      .set({ note: `Deployed by ${officer.name} (${ROLE_WORDS[officer.role]}) with code #${codeId}` })
      .where('terminal_id', '=', terminal.id)
      .where('type', '=', 'state')
      .where('to_state', '=', 'DEPLOYED')
      .execute();
  };

  for (const [n, terminal] of deployed.entries()) {
    const officer = OFFICERS[(n * 7) % OFFICERS.length]!;
    const admin = admins[n % admins.length]!.id;
    const deployedAt = deployedAtOf.get(terminal.id) ?? new Date(terminal.updated_at);
    const where = place(terminal.state_code);
    const sent = { sent_terminal_id: terminal.terminal_id, sent_serial_no: terminal.serial_no, ...where, terminal_id: terminal.id };
    const createdAt = new Date(deployedAt.getTime() - (2 + random.int(46)) * HOUR_MS);
    if (n % 10 === 3) {
      // An earlier code ran out on the road: its report was refused, a new one was issued.
      const expiredAt = new Date(createdAt.getTime() - HOUR_MS);
      const expired = await issueCode({ terminal, officer, createdAt: new Date(expiredAt.getTime() - CODE_HOURS * HOUR_MS), admin });
      report({
        ...sent,
        received_at: new Date(createdAt.getTime() - 30 * MINUTE_MS),
        code_id: expired,
        result: 'REJECTED',
        reason: 'EXPIRED',
        message: `This code expired on ${lagos(expiredAt)}: ask for a new one.`,
      });
    }
    const codeId = await issueCode({ terminal, officer, createdAt, usedAt: deployedAt, admin });
    if (n % 13 === 6) {
      // First given to another officer, then replaced.
      const other = OFFICERS[(n * 7 + 3) % OFFICERS.length]!;
      await issueCode({
        terminal,
        officer: other,
        createdAt: new Date(createdAt.getTime() - 5 * HOUR_MS),
        revoked: { at: createdAt, reason: `Replaced by code #${codeId}` },
        admin,
      });
    }
    if (n % 7 === 2) {
      // A typo first.
      report({
        ...sent,
        received_at: new Date(deployedAt.getTime() - 3 * MINUTE_MS),
        code_id: null,
        result: 'REJECTED',
        reason: 'WRONG_CODE',
        message: WRONG_CODE,
      });
    }
    await deploy(terminal, officer, codeId, where);
    if (n % 11 === 5) {
      // A retry after the answer was lost on a poor network.
      report({
        ...sent,
        received_at: new Date(deployedAt.getTime() + 2 * MINUTE_MS),
        code_id: codeId,
        result: 'REJECTED',
        reason: 'USED',
        message: `This code was already used on ${lagos(deployedAt)}: a code works once.`,
      });
    }
  }

  for (const [n, terminal] of inTransit.entries()) {
    const officer = OFFICERS[(n * 3) % OFFICERS.length]!;
    await issueCode({ terminal, officer, createdAt: new Date(now.getTime() - (1 + random.int(47)) * HOUR_MS), admin: admins[n % admins.length]!.id });
    if (n % 5 === 1) {
      const where = place(terminal.state_code);
      report({
        sent_terminal_id: terminal.terminal_id,
        sent_serial_no: terminal.serial_no,
        ...where,
        terminal_id: terminal.id,
        code_id: null,
        received_at: new Date(now.getTime() - random.int(60) * MINUTE_MS),
        result: 'REJECTED',
        reason: 'WRONG_CODE',
        message: WRONG_CODE,
      });
    }
  }

  // Strangers guessing terminal IDs that are nobody's; one of them, five times in a row, until held back.
  const stranger = (n: number, tid: string, at: Date, reason: DeploymentRejection, from: string) =>
    report({
      sent_terminal_id: tid,
      sent_serial_no: `PAX-${String(9_000_000 + n).padStart(7, '0')}`,
      latitude: 6.45 + n / 100,
      longitude: 3.4,
      terminal_id: null,
      code_id: null,
      received_at: at,
      result: 'REJECTED',
      reason,
      message: reason === 'TOO_MANY_ATTEMPTS' ? TOO_MANY : WRONG_CODE,
      ip: from,
    });
  for (let n = 0; n < 3; n++)
    stranger(n, `9ZZ${String(10_000 + n * 37).slice(-5)}`, new Date(now.getTime() - (n + 1) * 26 * HOUR_MS), 'UNKNOWN_TERMINAL', ip());
  const guesser = ip();
  const burst = now.getTime() - 2 * HOUR_MS;
  for (let n = 0; n < 6; n++) stranger(3 + n, '9ZZ00999', new Date(burst + n * MINUTE_MS), n === 5 ? 'TOO_MANY_ATTEMPTS' : 'UNKNOWN_TERMINAL', guesser);
  for (let start = 0; start < reports.length; start += 500)
    await db
      .insertInto('terminal_deployment_reports')
      .values(reports.slice(start, start + 500))
      .execute();
  return { codes, reports: reports.length + deployments, deployments };
}
