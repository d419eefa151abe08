import { listSheetRows, listSheetVersions, type SheetSource } from '@traction/core';
import { useSearchParamsUpdate } from '../../app/useSearchParamsUpdate';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';
import { renderSheetCell } from './renderSheetCell';

/**
 * A version's rows (the latest unless the version box says another): searchable by TID, serial
 * number or merchant name, flagged rows alone on asking, downloadable as CSV. A row's key opens
 * its terminal and its system merchant the merchant.
 */
export function SheetRowsView({ source, title }: { source: SheetSource; title: string }) {
  const [params, updateParams] = useSearchParamsUpdate();
  const versions = useCommandQuery(listSheetVersions, { source });
  const items = versions.data?.items ?? [];
  const chosen = params.get('version') ?? '';
  const latest = items[0];
  const choose = (value: string) =>
    updateParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('version', value);
      else next.delete('version');
      next.delete('page');
      return next;
    });
  const shownVersion = chosen ? items.find((item) => String(item.version) === chosen) : latest;
  const summary = versions.isSuccess ? (
    <p className="mb-2 text-zinc-600 dark:text-zinc-300" data-testid="sheet-version-summary">
      {shownVersion
        ? `Version ${shownVersion.version}${shownVersion.tag ? ` “${shownVersion.tag}”` : ''}: ${shownVersion.rowCount.toLocaleString('en-NG')} rows, ${shownVersion.flaggedCount.toLocaleString('en-NG')} flagged.`
        : latest
          ? `There is no version ${chosen}.`
          : 'No version has been uploaded yet: press n to upload the first.'}
    </p>
  ) : null;
  return (
    <CellRendererContext.Provider value={renderSheetCell}>
      <ListPage
        command={listSheetRows}
        title={title}
        description="The sheet as the field team uploaded it, row by row. A TID the system knows links to its terminal; a row that contradicts the system (a terminal at another merchant) is flagged."
        rowNoun={{ one: 'row', other: 'rows' }}
        fixed={{ source }}
        selectable={false}
        summary={summary}
        actions={
          <label className="flex items-center gap-2 text-sm">
            Version
            <select
              value={chosen}
              onChange={(event) => choose(event.target.value)}
              data-testid="sheet-version"
              className="rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            >
              <option value="">Latest{latest ? ` (${latest.version})` : ''}</option>
              {items.map((item) => (
                <option key={item.id} value={String(item.version)}>
                  {item.version}
                  {item.tag ? ` — ${item.tag}` : ''}
                </option>
              ))}
            </select>
          </label>
        }
      />
    </CellRendererContext.Provider>
  );
}
