import type { Db } from '../../db/connect';
import { deleteDevices } from './devices.repository';
import { voidPasswordTokens } from './password-tokens.repository';
import { revokeSessions } from './sessions.repository';

/** Everything that could sign an admin in again goes: sessions, devices and unused password links. */
export async function forgetSignIns(db: Db, adminId: number, reason: string, at: Date): Promise<void> {
  await revokeSessions(db, { adminId }, reason, at);
  await deleteDevices(db, adminId);
  await voidPasswordTokens(db, adminId, at);
}
