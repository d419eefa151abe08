import { type AnyCommand, createExport, listExports } from '@traction/core';
import { randomHex } from '@traction/core/client';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { client } from '../../app/client';
import { failureMessage } from '../forms/useCommandRun';
import { useToast } from '../ui/useToast';
import { exportableFilters } from './exportableFilters';
import { exportsStartedAtom } from './exportsStartedAtom';

export type BackgroundExportState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'failed'; message: string };

/**
 * Starts an export job of a list with its filters (`exports.create`), says so in a toast that
 * leads to Downloads, and tells the ready watcher to follow it.
 */
export function useBackgroundExport(command: AnyCommand) {
  const [state, setState] = useState<BackgroundExportState>({ phase: 'idle' });
  const setStarted = useSetAtom(exportsStartedAtom);
  const queryClient = useQueryClient();
  const { show } = useToast();

  const start = useCallback(
    async (filters: Readonly<Record<string, unknown>>) => {
      setState({ phase: 'starting' });
      try {
        // One key per click: a retried request after a lost answer starts one job, not two.
        const file = await client.call(createExport, { list: command.id, filters: exportableFilters(filters) }, { idempotencyKey: `console-${randomHex()}` });
        setStarted((current) => new Set([...current, file.id]));
        void queryClient.invalidateQueries({ queryKey: [listExports.id] });
        show({ tone: 'info', message: 'Export started — it will be in Downloads', link: { to: '/downloads', label: 'Downloads' } });
        setState({ phase: 'idle' });
      } catch (error) {
        setState({ phase: 'failed', message: `The export did not start: ${failureMessage(error instanceof Error ? error : new Error(String(error)))}` });
      }
    },
    [command, setStarted, queryClient, show],
  );

  return { state, start };
}
