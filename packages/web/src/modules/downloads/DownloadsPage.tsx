import { deleteExport, EXPORT_STATUS_WORDS, type ExportFileRow, type ListPage as ListPageOf, listExports } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import type { ListView } from '../list/ListView';
import { formatDateTime } from '../ui/formatDateTime';
import { useToast } from '../ui/useToast';
import { activeRowKey } from './activeRowKey';
import { exportName } from './exportName';
import { isExportPending } from './isExportPending';
import { renderExportCell } from './renderExportCell';
import { saveExportFile } from './saveExportFile';

/** Between looks at the list while a file on it is queued or being written. */
const PENDING_POLL_MS = 2_000;
const ONLY_MINE = { mine: true } as const;
const NOTHING_FIXED = {} as const;
const MINE_FIELD = ['mine'] as const;
const MINE_OR_EVERYONES: readonly ListView[] = [
  { label: 'Mine', search: '' },
  { label: 'Everyone’s', search: 'mine=false' },
];

const watchPending = (rows: readonly Record<string, unknown>[]) =>
  rows.some((row) => isExportPending((row as unknown as ExportFileRow).status)) ? PENDING_POLL_MS : false;

/**
 * Downloads: the export files written by jobs on the server (from "Export in background" on any
 * list, the CLI's `export --job`, or a schedule), newest first, refreshed while any is being
 * written. Enter saves a ready file; Delete or x deletes the row's file after a confirmation.
 * Admins with "downloads.view-all" choose between their own files and everyone's.
 */
export default function DownloadsPage() {
  const permissions = useAtomValue(permissionSetAtom);
  const everyone = permissions.has('downloads.view-all');
  const queryClient = useQueryClient();
  const { open } = useOpenCommand();
  const { show } = useToast();

  const openRow = useCallback(
    (row: Record<string, unknown>) => {
      const file = row as unknown as ExportFileRow;
      if (file.status === 'READY') {
        void saveExportFile(file.id).then((failed) => failed && show({ tone: 'bad', message: failed }));
        return;
      }
      const why: Record<ExportFileRow['status'], string> = {
        QUEUED: 'is waiting to start',
        RUNNING: 'is still being written',
        READY: '',
        FAILED: `failed${file.error ? `: ${file.error}` : ''}`,
        EXPIRED: `expired on ${formatDateTime(file.expiresAt)}; export the list again`,
      };
      show({ tone: file.status === 'FAILED' ? 'bad' : 'info', message: `Export #${file.id} (${exportName(file)}) ${why[file.status]}.` });
    },
    [show],
  );

  // The table's rows are cached by their filters; the active row is one of the loaded ones.
  const loadedFile = useCallback(
    (id: number): ExportFileRow | undefined => {
      for (const [, data] of queryClient.getQueriesData<{ pages: ListPageOf<ExportFileRow>[] }>({ queryKey: [listExports.id] })) {
        const found = data?.pages?.flatMap((page) => page.items).find((file) => file.id === id);
        if (found) return found;
      }
      return undefined;
    },
    [queryClient],
  );

  const deleteActive = () => {
    const key = activeRowKey(listExports.id);
    if (key === undefined) return;
    const file = loadedFile(Number(key));
    if (!file) return;
    open({
      command: deleteExport,
      fixed: { id: file.id },
      about: `export #${file.id}`,
      action: `Delete export #${file.id}`,
      subject: `${exportName(file)} (${file.filterWords}) · ${EXPORT_STATUS_WORDS[file.status]}${isExportPending(file.status) ? ': it stops being written' : ''}`,
    });
  };
  useShortcut('delete', 'Delete the row’s export file (or x)', deleteActive, { group: 'Table' });
  useShortcut('x', 'Delete the export file of the row', deleteActive, { group: 'Table', hidden: true });

  const views = useMemo(() => (everyone ? MINE_OR_EVERYONES : undefined), [everyone]);
  return (
    <CellRendererContext.Provider value={renderExportCell}>
      <ListPage
        command={listExports}
        title="Downloads"
        description="Exports written in the background, kept until the date shown. Enter downloads a ready file; Delete or x deletes one."
        rowNoun={{ one: 'export file', other: 'export files' }}
        // Without "downloads.view-all" the server shows only the admin's own: no choice to offer.
        fixed={everyone ? NOTHING_FIXED : ONLY_MINE}
        {...(views ? { views } : {})}
        selectable={false}
        onOpenRow={openRow}
        refetchInterval={watchPending}
        // Whose files is the tabs' choice.
        hiddenFilters={MINE_FIELD}
        emptyText="No export files yet. On any list, Export in background writes the whole filtered list to a file here, even if you close the tab."
      />
    </CellRendererContext.Provider>
  );
}
