import { SHEET_SOURCE_WORDS, uploadSheet } from '@traction/core';
import { useLocation, useSearchParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { SheetCompareView } from './SheetCompareView';
import { SheetRowsView } from './SheetRowsView';
import { SheetUploadView } from './SheetUploadView';
import { SheetVersionsView } from './SheetVersionsView';
import { SheetViewTabs } from './SheetViewTabs';
import { sheetSourceOfPath } from './sheetSourceOfPath';
import { SHEET_VIEWS, type SheetView } from './sheetViews';

/**
 * A versioned field sheet (Terminal Mastersheet, Location Sheet, Weekly Visitation Sheet; the
 * path says which): the rows of its latest version or another, linked to the terminals and
 * merchants the system knows, with the rows that contradict it flagged; its versions; two versions
 * compared; and a new upload, checked before it is kept. `?view=` picks the part; r, v, d, n go there.
 */
export default function SheetPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const source = sheetSourceOfPath(pathname);
  const path = `/${source}`;
  const asked = params.get('view');
  const view: SheetView = SHEET_VIEWS.find((tab) => tab.view === asked)?.view ?? 'rows';
  const { allowed } = useOpenCommand();
  const mayUpload = allowed(uploadSheet);
  const title = SHEET_SOURCE_WORDS[source];
  return (
    <div data-page="sheet" data-source={source}>
      <SheetViewTabs path={path} view={view} mayUpload={mayUpload} />
      {view === 'rows' ? <SheetRowsView key={source} source={source} title={title} /> : null}
      {view === 'versions' ? <SheetVersionsView key={source} source={source} title={title} path={path} /> : null}
      {view === 'compare' ? <SheetCompareView key={source} source={source} title={title} /> : null}
      {view === 'upload' && mayUpload ? <SheetUploadView key={source} source={source} title={title} path={path} /> : null}
    </div>
  );
}
