import { whoami } from '@traction/core';
import { STORAGE_KEYS } from '@traction/core/client';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { client } from '../../app/client';
import { sessionUserAtom } from './sessionAtoms';

/**
 * Keeps the stored admin (role, permissions) in step with the server: on entering the console,
 * when the window regains focus and every few minutes. Permissions granted or taken away since
 * sign-in then show in the sidebar, palette and pages without signing in again.
 */
export function useSessionRefresh(): void {
  const setUser = useSetAtom(sessionUserAtom);
  const me = useQuery({
    queryKey: [whoami.id],
    queryFn: ({ signal }) => client.call(whoami, {}, { signal }),
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    if (!me.data) return;
    const fresh = JSON.stringify(me.data.user);
    if (localStorage.getItem(STORAGE_KEYS.user) === fresh) return;
    localStorage.setItem(STORAGE_KEYS.user, fresh);
    setUser(me.data.user);
  }, [me.data, setUser]);
}
