import { logout } from '@traction/core';
import { client, logoutLocally } from '../../app/client';

/** Ends the session on the server (whatever it answers, this desk is cleared), then Login. */
export function signOut(): void {
  void client.attempt(logout, {}).finally(logoutLocally);
}
