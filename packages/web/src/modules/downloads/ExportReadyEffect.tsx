import { type ExportFileRow, type ExportStatus, listExports } from '@traction/core';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useCommandQuery } from '../list/useCommandQuery';
import { useToast } from '../ui/useToast';
import { exportReadyMessage } from './exportReadyMessage';
import { exportsStartedAtom } from './exportsStartedAtom';
import { isExportPending } from './isExportPending';
import { saveExportFile } from './saveExportFile';

export interface ExportReadyEffectProps {
  /** Between looks while an export of the admin's is queued or being written. */
  pendingPollMs?: number;
  /** Between looks otherwise: an export started from the CLI or another tab is noticed within this. */
  idlePollMs?: number;
}

const MINE = { mine: true } as const;

/**
 * Watches the signed-in admin's export files from any page and toasts each one that turns READY
 * (with Download and a link to Downloads) or FAILED (with its error): those they started, here or
 * from the CLI, not a schedule's nightly ones. Asks every few seconds while one is pending, once a
 * minute otherwise, and at once when this tab starts one. Files first seen finished are old news,
 * unless this browser started them and has not yet said so (exportsStartedAtom: a small export can
 * be written before the first look, or while the page reloads).
 */
export function ExportReadyEffect({ pendingPollMs = 3_000, idlePollMs = 60_000 }: ExportReadyEffectProps) {
  const [started, setStarted] = useAtom(exportsStartedAtom);
  const startedRef = useRef(started);
  startedRef.current = started;
  const seen = useRef<Map<number, ExportStatus> | null>(null);
  const query = useCommandQuery(listExports, MINE, {
    refetchInterval: (data) => {
      const pending = data?.items.some((file) => isExportPending(file.status));
      // A file started here but not yet in the list (the answer raced the start) counts as pending.
      const unseen = [...startedRef.current].some((id) => !seen.current?.has(id));
      return pending || unseen ? pendingPollMs : idlePollMs;
    },
  });
  const { refetch } = query;
  const { show } = useToast();

  useEffect(() => {
    if (started.size > 0) void refetch();
  }, [started, refetch]);

  const data = query.data;
  const announced = useRef(new Set<number>());
  useEffect(() => {
    if (!data) return;
    const before = seen.current;
    for (const file of data.items as ExportFileRow[]) {
      if (isExportPending(file.status) || announced.current.has(file.id)) continue;
      const startedHere = started.has(file.id);
      const was = before?.get(file.id);
      // A schedule's nightly files are mailed to its recipients; only a run started here is news here.
      const news = startedHere || (file.scheduleId === null && was !== undefined && isExportPending(was));
      if (!news) continue;
      announced.current.add(file.id);
      if (file.status === 'READY') {
        show({
          tone: 'good',
          message: exportReadyMessage(file),
          action: {
            label: 'Download',
            run: async () => {
              const failed = await saveExportFile(file.id);
              if (failed) show({ tone: 'bad', message: failed, link: { to: '/downloads', label: 'Downloads' } });
            },
          },
          link: { to: '/downloads', label: 'Downloads' },
          timeoutMs: null,
        });
      } else if (file.status === 'FAILED') {
        show({ tone: 'bad', message: exportReadyMessage(file), link: { to: '/downloads', label: 'Downloads' }, timeoutMs: null });
      }
    }
    seen.current = new Map(data.items.map((file) => [file.id, file.status]));
    // Announced files are no longer awaited, in this browser's other tabs either.
    const settled = [...started].filter((id) => announced.current.has(id));
    if (settled.length > 0) setStarted((current) => new Set([...current].filter((id) => !settled.includes(id))));
  }, [data, started, show, setStarted]);

  return null;
}
