import { commandsById, type AnyCommand } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ClientError } from '@traction/core/client';
import { canOpenPath } from '../../canOpenPath';
import { useSearchParamsUpdate } from '../../app/useSearchParamsUpdate';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { rowDisplayName } from '../forms/rowDisplayName';
import { selectionAbout } from '../forms/selectionAbout';
import { paletteOpenAtom } from '../palette/paletteAtoms';
import { usePaletteSelection } from '../palette/usePaletteSelection';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { SaveViewButton } from '../views/SaveViewButton';
import { BulkBar, type BulkAction } from './BulkBar';
import type { ListBulkAction } from './ListBulkAction';
import { ColumnsMenu } from './ColumnsMenu';
import { CsvDownload } from './CsvDownload';
import { detailPath } from './detailPath';
import type { FilterOption } from './FilterOption';
import { ListFilters } from './ListFilters';
import type { ListView } from './ListView';
import { ListViewTabs } from './ListViewTabs';
import { countFilters, describeFilters, readFilters, withFilter, withoutFilters } from './filterFields';
import { RecordTable } from './RecordTable';
import { emptySelection, selectAllMatching, selectedCount, type RowKey, type Selection } from './rowSelection';
import { TableMessage } from './TableMessage';
import { useListColumns } from './useListColumns';
import { useListRows } from './useListRows';
import { useViewportFill } from './useViewportFill';

export interface ListPageProps {
  /** A list command (one with `list` in its definition). */
  command: AnyCommand;
  title: string;
  description?: string;
  /** Page actions shown beside Download CSV. */
  actions?: ReactNode;
  /** Choices by field key: departments by name instead of a number box, states by name instead of their codes. */
  filterOptions?: Readonly<Record<string, readonly FilterOption[]>>;
  /** What a row is, for "12 selected admins". */
  rowNoun?: { one: string; other: string };
  /**
   * Filters this page always applies and does not show: the page is one view of a wider list
   * (Document verifications are the KYC list with `verificationType: DOCUMENT`). They are sent
   * with every page, the CSV download and "select all matching".
   */
  fixed?: Readonly<Record<string, unknown>>;
  /** Where rows open when this view has its own detail pages (Document rows open under /document-verification). */
  detailRoute?: string;
  /**
   * The selection bar's buttons, when the page says what they do ("Mark as fraud" and "Clear
   * fraud" from one command); otherwise one per bulk command of the list, named by its title.
   */
  bulkActions?: readonly ListBulkAction[];
  /** Rows can be selected (checkboxes, x, Shift+a, the selection bar). Off for lists with nothing to do to a selection. */
  selectable?: boolean;
  /** What Enter or a click on a row does when the page shows the row itself (the audit log's entry dialog) instead of a detail route. */
  onOpenRow?: (row: Record<string, unknown>) => void;
  /** Views of the list shown as tabs over its filters (All, Held for review …), each a set of filters in the URL. */
  views?: readonly ListView[];
  /** Shown between the title and the filters when the list belongs to a record the page is about (a bulk upload's state above its rows). */
  summary?: ReactNode;
  /** Ask for the loaded rows again every so many ms, or not (false), given them: rows still changing (export files being written) are watched. */
  refetchInterval?: (rows: readonly Record<string, unknown>[]) => number | false;
  /** Filters the page sets another way (its view tabs) and does not show as boxes. */
  hiddenFilters?: readonly string[];
  /** What an empty list without filters says: where its rows come from. */
  emptyText?: string;
}

const NO_FIXED: Readonly<Record<string, unknown>> = {};
const NO_HIDDEN: readonly string[] = [];

const count = (n: number) => n.toLocaleString('en-NG');
/** Room under the last row for the floating selection bar. */
const BULK_BAR_ROOM = 72;

/**
 * A list page built from its command: filters from the input schema kept in the URL, the record
 * table loading pages as it scrolls, bulk commands on the selection, and CSV of everything matching.
 */
/** What people read when a page fails: the client's plain message, never the request line. */
const errorText = (error: Error) => (error instanceof ClientError ? error.userMessage : error.message);

export function ListPage({
  command,
  title,
  description,
  actions,
  filterOptions,
  rowNoun = { one: 'row', other: 'rows' },
  fixed = NO_FIXED,
  detailRoute: detailRouteOverride,
  bulkActions,
  selectable = true,
  onOpenRow,
  views,
  summary,
  refetchInterval,
  hiddenFilters = NO_HIDDEN,
  emptyText = 'Nothing here yet.',
}: ListPageProps) {
  const list = command.list;
  if (!list) throw new Error(`${command.id} is not a list command`);
  const [params, updateParams] = useSearchParamsUpdate();
  // Callers write `fixed` inline; its content, not its identity, decides when filters change.
  const fixedKey = JSON.stringify(fixed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for `fixed`'s content.
  const fixedFilters = useMemo(() => fixed, [fixedKey]);
  const fields = useMemo(() => describeFilters(command).filter((field) => !(field.key in fixedFilters)), [command, fixedFilters]);
  // Read from the address like any other filter; only their boxes are left out.
  const shownFields = useMemo(() => fields.filter((field) => !hiddenFilters.includes(field.key)), [fields, hiddenFilters]);
  const read = useMemo(() => readFilters(command, fields, params), [command, fields, params]);
  const filters = useMemo(() => ({ ...read.filters, ...fixedFilters }), [read, fixedFilters]);
  const filtersKey = JSON.stringify(filters);
  const { ignored } = read;
  const { rows, total, query } = useListRows(command, filters, refetchInterval);

  // The selection belongs to one set of filters: change them and it is gone, not carried over.
  const [held, setHeld] = useState<{ key: string; selection: Selection }>({ key: filtersKey, selection: emptySelection });
  const selection = held.key === filtersKey ? held.selection : emptySelection;
  const setSelection = useCallback((next: Selection) => setHeld({ key: filtersKey, selection: next }), [filtersKey]);

  // The selected rows, when they are named one by one and all loaded: what row-aware actions look at.
  const selectedRows = useMemo(() => {
    if (selection.mode !== 'ids') return undefined;
    const found = rows.filter((row) => selection.ids.has(row[list.rowKey] as RowKey));
    return found.length === selection.ids.size ? found : undefined;
  }, [selection, rows, list.rowKey]);

  const permissions = useAtomValue(permissionSetAtom);
  const barActions = useMemo((): BulkAction[] => {
    const allowed = (bulk: AnyCommand | undefined) => (bulk !== undefined && (bulk.permission === null || permissions.has(bulk.permission)) ? bulk : undefined);
    if (bulkActions) {
      return bulkActions.flatMap((action) => {
        const bulk = allowed(action.command);
        const unavailable = selectedRows && action.unavailable?.(selectedRows);
        const subject = selectedRows && action.subject?.(selectedRows);
        return bulk
          ? [
              {
                command: bulk,
                label: action.label,
                ...(action.fixed ? { fixed: action.fixed } : {}),
                ...(action.tone ? { tone: action.tone } : {}),
                ...(unavailable ? { unavailable } : {}),
                ...(subject ? { subject } : {}),
                ...(action.parts ? { parts: action.parts } : {}),
                ...(action.onDone ? { onDone: action.onDone } : {}),
              },
            ]
          : [];
      });
    }
    // The contract names a list's bulk commands by id; the registry gives their objects.
    return (list.bulkCommands ?? []).flatMap((id) => {
      const bulk = allowed(commandsById.get(id));
      return bulk ? [{ command: bulk, label: bulk.title }] : [];
    });
  }, [bulkActions, list.bulkCommands, permissions, selectedRows]);

  const [request, setRequest] = useAtom(commandRequestAtom);
  const paletteOpen = useAtomValue(paletteOpenAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tableBox = useRef<HTMLDivElement>(null);
  const height = useViewportFill(tableBox);
  // Columns hidden or shown are kept per list: a view with fixed filters is a list of its own.
  const listColumns = useListColumns(fixedKey === '{}' ? command.id : `${command.id}${fixedKey}`, list.columns);

  const setFilter = useCallback((key: string, value: string | null) => updateParams((current) => withFilter(current, key, value)), [updateParams]);
  const clearFilters = () => updateParams((current) => withoutFilters(current, fields));
  const filterCount = countFilters(params, fields);
  // A filter with a default (device requests: pending) narrows the list even when the URL is bare.
  const hasDefaultFilter = fields.some((field) => field.kind === 'enum' && field.defaultValue !== undefined);

  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const detailRoute = detailRouteOverride ?? list.detailRoute;
  // Rows open only for admins who may see the detail page; others would land on No Permission.
  const canOpenDetail = !!detailRoute && canOpenPath(detailRoute, permissions);
  const onOpen = useMemo(
    () => onOpenRow ?? (detailRoute && canOpenDetail ? (row: Record<string, unknown>) => navigate(detailPath(detailRoute, row)) : undefined),
    [onOpenRow, detailRoute, canOpenDetail, navigate],
  );

  const matching = total ?? 0;
  const selected = selectedCount(selection, matching);
  // What buttons and confirmations call the selection: "Mark 3 selected businesses as fraud".
  const about = selectionAbout({
    all: selection.mode === 'all',
    count: selected,
    noun: rowNoun,
    filtered: countFilters(params, fields) > 0 || Object.keys(fixedFilters).length > 0,
    only: selectedRows?.length === 1 ? rowDisplayName(command, selectedRows[0]!) : undefined,
  });
  const runBulk = (action: BulkAction, fixed: Record<string, unknown>, howMany: number) => {
    const noun = howMany === 1 ? rowNoun.one : rowNoun.other;
    const filtered = countFilters(params, fields) > 0 || Object.keys(fixedFilters).length > 0;
    const which =
      selection.mode === 'all'
        ? filtered
          ? `all ${count(howMany)} ${noun} matching the filters`
          : `every ${rowNoun.one}: all ${count(howMany)} ${noun}, no filter`
        : `${count(howMany)} selected ${noun}`;
    setRequest({
      command: action.command,
      fixed,
      subject: action.subject ?? `${action.label}: ${which}`,
      about,
      ...(action.parts ? { parts: action.parts } : {}),
      onDone: (output) => {
        setSelection(emptySelection);
        void queryClient.invalidateQueries({ queryKey: [command.id] });
        action.onDone?.(output);
      },
    });
  };
  // The palette runs the selection bar's actions too (Ctrl+K, "mark as fraud").
  usePaletteSelection({ selection, selected, filters, about, actions: barActions, run: runBulk });

  let placeholder: ReactNode = null;
  if (query.isPending) placeholder = <TableMessage state="loading" />;
  else if (query.isError && rows.length === 0) {
    placeholder = (
      <TableMessage state="error">
        <p className="text-red-600 dark:text-red-400">{errorText(query.error)}</p>
        <Button onClick={() => void query.refetch()}>Retry</Button>
      </TableMessage>
    );
  } else if (rows.length === 0) {
    placeholder = (
      <TableMessage state="empty">
        <p>{filterCount > 0 || hasDefaultFilter ? 'Nothing matches these filters.' : emptyText}</p>
        {filterCount > 0 ? <Button onClick={clearFilters}>Clear filters</Button> : null}
      </TableMessage>
    );
  }

  return (
    <div data-page="list" data-list={command.id}>
      <PageHeader
        title={title}
        {...(description ? { description } : {})}
        actions={
          <>
            {actions}
            <SaveViewButton command={command} title={title} fields={fields} {...(filterOptions ? { options: filterOptions } : {})} />
            {list.csv ? <CsvDownload command={command} filters={filters} total={total} /> : null}
          </>
        }
      />
      {summary}
      {views ? <ListViewTabs views={views} fields={fields} search={params.toString()} /> : null}
      <ListFilters fields={shownFields} values={params} onChange={setFilter} {...(filterOptions ? { options: filterOptions } : {})}>
        {filterCount > 0 ? (
          <Button variant="ghost" data-testid="clear-filters" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : null}
        <span
          data-testid="row-count"
          data-count={total}
          aria-live="polite"
          className={`ml-auto text-zinc-500 tabular-nums dark:text-zinc-400 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {total === undefined ? (query.isError ? '' : 'Loading…') : `${count(total)} matching`}
        </span>
        <ColumnsMenu columns={list.columns} view={listColumns} />
      </ListFilters>
      {ignored.length > 0 ? (
        <div
          role="status"
          data-testid="ignored-filters"
          className="mb-2 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          <span>
            Not applied:{' '}
            {ignored.map((filter, index) => (
              <span key={filter.key}>
                {index > 0 ? '; ' : ''}
                {filter.label} “{filter.value}” {filter.message}
              </span>
            ))}
            . The list shows rows without {ignored.length === 1 ? 'this filter' : 'these filters'}.
          </span>
          <Button
            variant="ghost"
            onClick={() =>
              updateParams((current) =>
                withoutFilters(
                  current,
                  fields.filter((field) => ignored.some((filter) => filter.key === field.key)),
                ),
              )
            }
          >
            Remove from the link
          </Button>
        </div>
      ) : null}
      <div ref={tableBox}>
        <RecordTable
          key={filtersKey}
          label={title}
          columns={listColumns.visible}
          pinned={listColumns.pinned}
          onFit={listColumns.onFit}
          rows={rows}
          rowKey={list.rowKey}
          total={matching}
          hasMore={query.hasNextPage && !query.isPlaceholderData}
          loadingMore={query.isFetchingNextPage}
          moreError={query.isFetchNextPageError ? errorText(query.error) : null}
          onNearEnd={loadMore}
          selection={selection}
          onSelectionChange={setSelection}
          selectable={selectable}
          {...(onOpen ? { onOpen } : {})}
          placeholder={placeholder}
          // Off under the command dialog and the palette (their Esc must not clear the selection);
          // left on under the `?` help, which lists only the keys that are bound.
          keyboard={!request && !paletteOpen}
          height={height}
          paddingEnd={selected > 0 ? BULK_BAR_ROOM : 0}
          stale={query.isPlaceholderData}
        />
      </div>
      {selectable ? (
        <BulkBar
          selection={selection}
          total={matching}
          filters={filters}
          pageFixed={fixedFilters}
          actions={barActions}
          onRun={runBulk}
          onSelectAllMatching={() => setSelection(selectAllMatching())}
          onClear={() => setSelection(emptySelection)}
        />
      ) : null}
    </div>
  );
}
