import { Link } from 'react-router';
import { useNavigate } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import { ShortcutKey } from '../ui/ShortcutKey';
import { SHEET_VIEWS, type SheetView } from './sheetViews';

/** The links between a sheet's views, each with its key (r rows, v versions, d compare, n upload); the upload only for who may upload. */
export function SheetViewTabs({ path, view, mayUpload }: { path: string; view: SheetView; mayUpload: boolean }) {
  const navigate = useNavigate();
  const shown = SHEET_VIEWS.filter((tab) => tab.view !== 'upload' || mayUpload);
  const go = (to: SheetView) => navigate(to === 'rows' ? path : `${path}?view=${to}`);
  useShortcut('r', SHEET_VIEWS[0].help, () => go('rows'), { enabled: view !== 'rows' });
  useShortcut('v', SHEET_VIEWS[1].help, () => go('versions'), { enabled: view !== 'versions' });
  useShortcut('d', SHEET_VIEWS[2].help, () => go('compare'), { enabled: view !== 'compare' });
  useShortcut('n', SHEET_VIEWS[3].help, () => go('upload'), { enabled: view !== 'upload' && mayUpload });
  return (
    <nav aria-label="Sheet views" className="mb-3 flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
      {shown.map((tab) => (
        <Link
          key={tab.view}
          to={tab.view === 'rows' ? path : `${path}?view=${tab.view}`}
          aria-current={tab.view === view ? 'page' : undefined}
          aria-keyshortcuts={tab.key}
          data-view={tab.view}
          className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-zinc-600 hover:text-zinc-900 aria-[current=page]:border-zinc-900 aria-[current=page]:font-medium aria-[current=page]:text-zinc-900 dark:text-zinc-400 dark:aria-[current=page]:border-zinc-100 dark:aria-[current=page]:text-zinc-100"
        >
          {tab.label} <ShortcutKey>{tab.key}</ShortcutKey>
        </Link>
      ))}
    </nav>
  );
}
