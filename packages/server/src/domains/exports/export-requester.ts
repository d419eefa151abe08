import { forbidden, type AnyCommand } from '@traction/core';
import type { Db } from '../../db/connect';
import type { AppDeps } from '../../deps';
import { backgroundContext, type HandlerContext, type SignedInAdmin } from '../../handling/handler-context';
import { effectivePermissions, findAdmin } from '../auth/index';

/**
 * The context an export's list is read in: as the admin who asked, with their permissions as they
 * are now. An admin who has since lost the list's permission (or been disabled) gets no file.
 */
export async function requesterContext(
  deps: AppDeps,
  db: Db,
  args: { adminId: number | null; command: AnyCommand; now: Date; work: string },
): Promise<HandlerContext> {
  const ctx = backgroundContext(deps, db, args.now, args.work);
  if (args.adminId === null) return ctx;
  const admin = await findAdmin(db, args.adminId);
  if (!admin) throw forbidden('The admin who asked for this export is no longer active.');
  const permissions = new Set(await effectivePermissions(db, admin.id, admin.role));
  if (args.command.permission && !permissions.has(args.command.permission)) {
    throw forbidden(
      `The admin who asked for this export no longer has the "${args.command.permission}" permission to read ${args.command.title.toLowerCase()}.`,
    );
  }
  const signedIn: SignedInAdmin = { id: admin.id, email: admin.email, firstName: admin.firstName, lastName: admin.lastName, role: admin.role, permissions };
  return { ...ctx, admin: signedIn };
}
