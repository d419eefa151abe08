import { alreadyInState, badRequest, listApprovalPolicies, notFound, updateApprovalPolicy, type FieldIssue } from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { toApprovalPolicy } from './approval-rules';
import { departmentsByName, findPolicy, listPolicies, lockPolicy, savePolicy } from './approvals.repository';

export const listApprovalPoliciesHandler = implement(listApprovalPolicies, async ({ ctx }) => ({
  items: (await listPolicies(ctx.db)).map(toApprovalPolicy),
}));

/**
 * Changes a policy's expiry and bands. Only existing policies: an action gets its policy with the
 * migration that brings its executor (a policy without one could be requested but never run).
 */
export const updateApprovalPolicyHandler = implement(updateApprovalPolicy, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  if (!(await lockPolicy(ctx.db, input.command))) throw notFound(`There is no approval policy for ${input.command}`);
  const before = toApprovalPolicy((await findPolicy(ctx.db, input.command))!);

  let bands: { upToKobo: number | null; permission: string; departmentId: number | null }[] | undefined;
  if (input.bands) {
    const names = input.bands.flatMap((band) => (band.department ? [band.department] : []));
    const departments = await departmentsByName(ctx.db, names);
    const issues: FieldIssue[] = [];
    bands = input.bands.map((band, index) => {
      const departmentId = band.department ? (departments.get(band.department.toLowerCase()) ?? null) : null;
      if (band.department && departmentId === null)
        issues.push({ field: `bands.${index}.department`, message: `there is no department named ${band.department}` });
      return { upToKobo: band.upToKobo, permission: band.permission, departmentId };
    });
    if (issues.length) throw badRequest(issues.map((issue) => `${issue.field} ${issue.message}`).join('; '), issues);
  }

  const sameBands =
    !input.bands ||
    (input.bands.length === before.bands.length &&
      input.bands.every((band, index) => {
        const old = before.bands[index]!;
        return (
          band.upToKobo === old.upToKobo && band.permission === old.permission && (band.department ?? null)?.toLowerCase() === old.department?.toLowerCase()
        );
      }));
  if (sameBands && (input.expiryHours === undefined || input.expiryHours === before.expiryHours)) {
    throw alreadyInState(`The approval policy of ${before.label} is already so: ${before.summary}`);
  }

  await savePolicy(ctx.db, input.command, { expiryHours: input.expiryHours, bands, adminId: admin.id, at: ctx.now });
  const policy = toApprovalPolicy((await findPolicy(ctx.db, input.command))!);
  return { policy, message: `Approval policy of ${policy.label}: ${policy.summary}` };
});
