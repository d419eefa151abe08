import type { DeploymentRejection, DeploymentReportResult, DeploymentReportRow, DeploymentRow, FieldOfficerRole } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

/** `6.52440, 3.37920`: five decimals, about a metre. */
export const gpsText = (latitude: number, longitude: number) => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

/** One report a terminal sent, as received and as answered. */
export async function insertDeploymentReport(
  db: Db,
  report: {
    at: Date;
    sentTerminalId: string;
    sentSerialNo: string;
    latitude: number;
    longitude: number;
    terminalId: number | null;
    codeId: number | null;
    result: DeploymentReportResult;
    reason: DeploymentRejection | null;
    message: string;
    ip: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('terminal_deployment_reports')
    .values({
      received_at: report.at,
      sent_terminal_id: report.sentTerminalId,
      sent_serial_no: report.sentSerialNo,
      latitude: report.latitude,
      longitude: report.longitude,
      terminal_id: report.terminalId,
      code_id: report.codeId,
      result: report.result,
      reason: report.reason,
      message: report.message,
      ip: report.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Wrong codes sent since `since` (an unknown terminal counts as one: the device is told the
 * same), for one terminal ID or from one address, and when the oldest of them came: the
 * guessing limits.
 */
export async function recentWrongCodes(db: Db, by: { sentTerminalId: string } | { ip: string }, since: Date): Promise<{ count: number; oldest: Date | null }> {
  let query = db
    .selectFrom('terminal_deployment_reports')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(received_at)`.as('oldest')])
    .where('reason', 'in', ['UNKNOWN_TERMINAL', 'WRONG_CODE'])
    .where('received_at', '>', since);
  query = 'ip' in by ? query.where('ip', '=', by.ip) : query.where('sent_terminal_id', '=', by.sentTerminalId);
  const row = await query.executeTakeFirstOrThrow();
  return { count: row.n, oldest: row.oldest === null ? null : new Date(row.oldest) };
}

/** Reports (0034) with the terminal they name, the code they matched and its officer, and the deployment they made. */
export function deploymentReportQuery(db: Db) {
  return db
    .selectFrom('terminal_deployment_reports as r')
    .leftJoin('terminal_deployment_codes as dc', 'dc.id', 'r.code_id')
    .leftJoin('terminals as t', 't.id', 'r.terminal_id')
    .leftJoin('businesses as b', (join) => join.on(sql<boolean>`b.id = coalesce(dc.business_id, t.business_id)`))
    .leftJoin('terminal_deployments as d', 'd.report_id', 'r.id')
    .select([
      'r.id',
      'r.received_at',
      'r.sent_terminal_id',
      'r.sent_serial_no',
      'r.terminal_id',
      'b.name as business_name',
      'r.result',
      'r.reason',
      'r.message',
      'r.code_id',
      'dc.officer_name',
      'dc.officer_role',
      'r.latitude',
      'r.longitude',
      'r.ip',
      'd.id as deployment_id',
    ]);
}

export type DeploymentReportQuery = ReturnType<typeof deploymentReportQuery>;

export interface DeploymentReportFilters {
  from?: Date | undefined;
  to?: Date | undefined;
  result?: DeploymentReportResult | undefined;
  reason?: DeploymentRejection | undefined;
  /** A terminal ID or serial number, exactly: as sent, or of the terminal they named. */
  terminal?: string | undefined;
}

export function filterDeploymentReports(query: DeploymentReportQuery, filters: DeploymentReportFilters): DeploymentReportQuery {
  let out = query;
  if (filters.from) out = out.where('r.received_at', '>=', filters.from);
  if (filters.to) out = out.where('r.received_at', '<=', filters.to);
  if (filters.result) out = out.where('r.result', '=', filters.result);
  if (filters.reason) out = out.where('r.reason', '=', filters.reason);
  const terminal = filters.terminal?.trim().toUpperCase();
  if (terminal) {
    out = out.where((eb) =>
      eb.or([
        eb('r.sent_terminal_id', '=', terminal),
        eb('r.sent_serial_no', '=', terminal),
        eb('t.terminal_id', '=', terminal),
        eb('t.serial_no', '=', terminal),
      ]),
    );
  }
  return out;
}

export function toDeploymentReportRow(row: RowOf<typeof deploymentReportQuery>): DeploymentReportRow {
  return {
    id: row.id,
    receivedAt: isoTimestamp(row.received_at),
    terminalId: row.sent_terminal_id,
    serialNo: row.sent_serial_no,
    terminal: row.terminal_id,
    businessName: row.business_name ?? null,
    result: row.result,
    reason: row.reason,
    message: row.message,
    codeId: row.code_id,
    officerName: row.officer_name ?? null,
    officerRole: row.officer_role ?? null,
    latitude: row.latitude,
    longitude: row.longitude,
    gps: gpsText(row.latitude, row.longitude),
    ip: row.ip,
    deploymentId: row.deployment_id ?? null,
  };
}

export async function insertDeployment(
  db: Db,
  deployment: {
    terminalId: number;
    businessId: number;
    storeId: number | null;
    requestId: number | null;
    codeId: number;
    reportId: number;
    officerName: string;
    officerPhone: string;
    officerRole: FieldOfficerRole;
    latitude: number;
    longitude: number;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('terminal_deployments')
    .values({
      terminal_id: deployment.terminalId,
      business_id: deployment.businessId,
      store_id: deployment.storeId,
      request_id: deployment.requestId,
      code_id: deployment.codeId,
      report_id: deployment.reportId,
      officer_name: deployment.officerName,
      officer_phone: deployment.officerPhone,
      officer_role: deployment.officerRole,
      latitude: deployment.latitude,
      longitude: deployment.longitude,
      deployed_at: deployment.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The merchant a terminal is with, by name, for the device's answer. */
export async function businessName(db: Db, businessId: number): Promise<string> {
  const row = await db.selectFrom('businesses').select('name').where('id', '=', businessId).executeTakeFirst();
  return row?.name ?? `merchant #${businessId}`;
}

/** Deployments (0034) with their terminal, merchant and store. */
export function deploymentQuery(db: Db) {
  return db
    .selectFrom('terminal_deployments as d')
    .innerJoin('terminals as t', 't.id', 'd.terminal_id')
    .innerJoin('businesses as b', 'b.id', 'd.business_id')
    .leftJoin('stores as s', 's.id', 'd.store_id')
    .select([
      'd.id',
      'd.deployed_at',
      'd.terminal_id',
      't.terminal_id as tid',
      't.serial_no',
      'd.business_id',
      'b.name as business_name',
      's.name as store_name',
      'd.request_id',
      'd.officer_name',
      'd.officer_phone',
      'd.officer_role',
      'd.latitude',
      'd.longitude',
      'd.code_id',
      'd.report_id',
    ]);
}

export type DeploymentQuery = ReturnType<typeof deploymentQuery>;

export interface DeploymentFilters {
  from?: Date | undefined;
  to?: Date | undefined;
  officerRole?: FieldOfficerRole | undefined;
  search?: string | undefined;
}

/** Search: the start of the merchant's or the officer's name, or a terminal ID or serial number exactly. */
export function filterDeployments(query: DeploymentQuery, filters: DeploymentFilters): DeploymentQuery {
  let out = query;
  if (filters.from) out = out.where('d.deployed_at', '>=', filters.from);
  if (filters.to) out = out.where('d.deployed_at', '<=', filters.to);
  if (filters.officerRole) out = out.where('d.officer_role', '=', filters.officerRole);
  const search = filters.search?.trim();
  if (search) {
    const upper = search.toUpperCase();
    const prefix = lowerPrefixPattern(search);
    out = out.where((eb) =>
      eb.or([
        eb('t.terminal_id', '=', upper),
        eb('t.serial_no', '=', upper),
        eb(sql<string>`lower(b.name)`, 'like', prefix),
        eb(sql<string>`lower(d.officer_name)`, 'like', prefix),
      ]),
    );
  }
  return out;
}

export function toDeploymentRow(row: RowOf<typeof deploymentQuery>): DeploymentRow {
  return {
    id: row.id,
    deployedAt: isoTimestamp(row.deployed_at),
    terminal: row.terminal_id,
    terminalId: row.tid,
    serialNo: row.serial_no,
    businessId: row.business_id,
    businessName: row.business_name,
    storeName: row.store_name ?? null,
    requestId: row.request_id,
    officerName: row.officer_name,
    officerPhone: row.officer_phone,
    officerRole: row.officer_role,
    latitude: row.latitude,
    longitude: row.longitude,
    gps: gpsText(row.latitude, row.longitude),
    codeId: row.code_id,
    reportId: row.report_id,
  };
}
