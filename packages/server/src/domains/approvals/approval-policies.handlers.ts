import { alreadyInState, badRequest, listApprovalPolicies, notFound, parseBands, updateApprovalPolicy } from '@traction/core';
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

  // Checked by the input schema already; read here for the departments' ids.
  const wanted = parseBands(input.bands).bands;
  const departments = await departmentsByName(
    ctx.db,
    wanted.flatMap((band) => (band.department ? [band.department] : [])),
  );
  const unknown = wanted.flatMap((band) => (band.department && !departments.has(band.department.toLowerCase()) ? [band.department] : []));
  if (unknown.length) {
    const message = `there is no department named ${unknown.join(' or ')}`;
    throw badRequest(`bands: ${message}`, [{ field: 'bands', message }]);
  }
  const bands = wanted.map((band) => ({
    upToKobo: band.upToKobo,
    permission: band.permission,
    departmentId: band.department ? (departments.get(band.department.toLowerCase()) ?? null) : null,
  }));

  const sameBands =
    bands.length === before.bands.length &&
    wanted.every((band, index) => {
      const old = before.bands[index]!;
      return (
        band.upToKobo === old.upToKobo &&
        band.permission === old.permission &&
        (band.department?.toLowerCase() ?? null) === (old.department?.toLowerCase() ?? null)
      );
    });
  if (sameBands && input.expiryHours === before.expiryHours) {
    throw alreadyInState(`The approval policy of ${before.label} is already so: ${before.summary}`);
  }

  await savePolicy(ctx.db, input.command, { expiryHours: input.expiryHours, bands, adminId: admin.id, at: ctx.now });
  const policy = toApprovalPolicy((await findPolicy(ctx.db, input.command))!);
  return { policy, message: `Approval policy of ${policy.label}: ${policy.summary}` };
});
