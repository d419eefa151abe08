import { bandsText, formatNaira, isPermission, PERMISSIONS, type ApprovalPolicy } from '@traction/core';
import { isoTimestamp } from '../../db/timestamps';
import type { SignedInAdmin } from '../../handling/handler-context';
import type { StoredBand, StoredPolicy } from './approvals.repository';

/** The band an amount falls in (the first whose upper bound it does not pass), with the bound below it; null above the last bound. */
export function bandFor(policy: StoredPolicy, amount: bigint): { band: StoredBand; above: bigint | null } | null {
  let above: bigint | null = null;
  for (const band of policy.bands) {
    if (band.upToKobo === null || amount <= band.upToKobo) return { band, above };
    above = band.upToKobo;
  }
  return null;
}

/** The largest amount the policy lets anyone approve, or null when there is no limit. */
export function policyCeiling(policy: StoredPolicy): bigint | null {
  return policy.bands.at(-1)?.upToKobo ?? null;
}

const permissionLabel = (permission: string) => (isPermission(permission) ? `“${PERMISSIONS[permission].label}”` : `“${permission}”`);

/** "up to ₦500,000.00", "above ₦500,000.00", "above ₦500,000.00 up to ₦5,000,000.00", "any amount". */
export function bandRange(band: StoredBand, above: bigint | null): string {
  if (above === null) return band.upToKobo === null ? 'any amount' : `up to ${formatNaira(band.upToKobo)}`;
  return band.upToKobo === null ? `above ${formatNaira(above)}` : `above ${formatNaira(above)} up to ${formatNaira(band.upToKobo)}`;
}

/** Who may decide in a band: "an admin of Finance holding “Authorise …”". */
export function bandDecider(band: StoredBand): string {
  return `${band.department ? `an admin of ${band.department}` : 'any admin'} holding ${permissionLabel(band.permission)}`;
}

/** The whole policy in words, band by band. */
export function policySummary(policy: StoredPolicy): string {
  let above: bigint | null = null;
  const parts: string[] = [];
  for (const band of policy.bands) {
    parts.push(`${bandRange(band, above)}: ${bandDecider(band)}`);
    above = band.upToKobo;
  }
  if (above !== null) parts.push(`above ${formatNaira(above)}: nobody (cannot be requested)`);
  return `${parts.join('; ')}. Requests expire after ${policy.expiryHours} hours.`;
}

export function toApprovalPolicy(policy: StoredPolicy): ApprovalPolicy {
  const bands = policy.bands.map((band) => ({
    upToKobo: band.upToKobo === null ? null : Number(band.upToKobo),
    permission: band.permission,
    department: band.department,
  }));
  return {
    command: policy.commandId,
    label: policy.label,
    expiryHours: policy.expiryHours,
    bands,
    summary: policySummary(policy),
    bandsText: bandsText(bands),
    updatedAt: isoTimestamp(policy.updatedAt),
    updatedByName: policy.updatedByName,
  };
}

export interface DecisionProblem {
  message: string;
  missing: 'permission' | 'department';
}

/**
 * Why this admin may not decide a request of this amount under the policy, or null when they
 * may. Holding every permission (super admin) does not make one a member of a department.
 */
export function deciderProblem(
  admin: SignedInAdmin,
  departments: readonly { id: number }[],
  policy: StoredPolicy,
  amount: bigint,
  what: string,
): DecisionProblem | null {
  const found = bandFor(policy, amount);
  if (!found)
    return {
      missing: 'permission',
      message: `${policy.label} requests above ${formatNaira(policyCeiling(policy) ?? 0n)} cannot be approved by anyone under the approval policy`,
    };
  const { band, above } = found;
  const rule = `${policy.label} requests ${bandRange(band, above)} are decided by ${bandDecider(band)}`;
  if (!isPermission(band.permission) || !admin.permissions.has(band.permission)) {
    return { missing: 'permission', message: `${rule}; you do not hold ${permissionLabel(band.permission)}, so you cannot decide ${what}` };
  }
  if (band.departmentId !== null && !departments.some((department) => department.id === band.departmentId)) {
    return { missing: 'department', message: `${rule}; you are not in ${band.department}, so you cannot decide ${what}` };
  }
  return null;
}
