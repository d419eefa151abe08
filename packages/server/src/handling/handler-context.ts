import type { Permission, Role } from '@traction/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { AppDeps } from '../deps';

/** The admin a request acts as. */
export interface SignedInAdmin {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  permissions: ReadonlySet<Permission>;
}

export interface ActiveSession {
  id: bigint;
  deviceRowId: number;
  deviceId: string;
  expiresAt: Date;
  idleExpiresAt: Date;
}

export interface RequestInfo {
  id: string;
  ip: string;
  userAgent: string;
  /** The `device-id` header. */
  deviceId: string | null;
}

export interface HandlerContext {
  /** The transaction of a mutating command, or the database for reads. */
  db: Kysely<Database>;
  deps: AppDeps;
  admin: SignedInAdmin | null;
  session: ActiveSession | null;
  request: RequestInfo;
  /** The time the request is handled at, from the app's clock. */
  now: Date;
  /** Names who the audit row is about, for public commands such as sign-in. */
  setActor(actor: { id: number; email: string }): void;
  /**
   * Work that must only happen once the change is committed (sending an email about it): run
   * after the command's transaction commits; failures are logged, not answered.
   */
  afterCommit(work: () => Promise<void> | void): void;
  /** Work that undoes effects outside the database (a stored file) when the command fails. */
  afterRollback(work: () => Promise<void> | void): void;
  /**
   * For a mutating command that opts out of the command's transaction (it calls a bank first):
   * runs `work` in a short transaction of its own that also writes the command's `ok` audit
   * row, so the change and its audit commit or fail together; the framework then writes no
   * audit row of its own for the success. Throws in transactional commands (theirs already is).
   */
  auditedTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
}

/** The signed-in admin of a command that requires one. */
export function requireAdmin(ctx: HandlerContext): SignedInAdmin {
  if (!ctx.admin) throw new Error('This handler needs a signed-in admin; its command must not be public');
  return ctx.admin;
}

/**
 * A context for work no request started (a background job reading a list through its command's
 * implementation): no admin, no session, and nothing to run after a commit it does not own.
 */
export function backgroundContext(deps: AppDeps, db: Kysely<Database>, now: Date, work: string): HandlerContext {
  const refuse = (what: string) => () => {
    throw new Error(`${work}: ${what} is not available outside a request`);
  };
  return {
    db,
    deps,
    admin: null,
    session: null,
    request: { id: work, ip: '', userAgent: '', deviceId: null },
    now,
    setActor: refuse('setActor'),
    afterCommit: refuse('afterCommit'),
    afterRollback: refuse('afterRollback'),
    auditedTransaction: refuse('auditedTransaction'),
  };
}
