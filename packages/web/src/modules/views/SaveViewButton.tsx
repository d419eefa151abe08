import { saveView, type AnyCommand } from '@traction/core';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Keys } from '../keyboard/ShortcutHelp';
import { useShortcut } from '../keyboard/useShortcut';
import { readFilters, type FilterField } from '../list/filterFields';
import type { FilterOption } from '../list/FilterOption';
import { Button } from '../ui/Button';
import { describeViewFilters } from './describeViewFilters';
import { SaveViewDialog } from './SaveViewDialog';

export interface SaveViewButtonProps {
  /** The page's list command. */
  command: AnyCommand;
  /** The page's title. */
  title: string;
  /** The filters the page shows (its fixed ones left out: the page applies those itself). */
  fields: readonly FilterField[];
  /** Names for filter values, as the page's filters show them. */
  options?: Readonly<Record<string, readonly FilterOption[]>>;
}

/**
 * "Save view" (key `s`) on a list page: keeps the filters now in the URL under a name, for the
 * sidebar and the palette. Filters the list cannot apply (a hand-edited link) are left out, as
 * the list leaves them out. Not shown where the page's path cannot be a view's page.
 */
export function SaveViewButton({ command, title, fields, options }: SaveViewButtonProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const savable = saveView.input.shape.page.safeParse(pathname).success;

  const filters = useMemo(() => {
    const { ignored } = readFilters(command, fields, params);
    const kept: Record<string, string> = {};
    for (const field of fields) {
      const text = params.get(field.key)?.trim();
      if (text && !ignored.some((filter) => filter.key === field.key)) kept[field.key] = text;
    }
    return kept;
  }, [command, fields, params]);

  const openDialog = () => {
    setSaved(null);
    setOpen(true);
  };
  useShortcut('s', 'Save these filters as a view', openDialog, { enabled: savable && !open });
  if (!savable) return null;

  return (
    <div className="flex items-center gap-2">
      {saved ? (
        <span data-testid="view-saved" role="status" className="text-zinc-500 dark:text-zinc-400">
          Saved “{saved}”
        </span>
      ) : null}
      <Button data-testid="save-view" aria-keyshortcuts="s" onClick={openDialog}>
        Save view
        <span aria-hidden="true">
          <Keys keys="s" />
        </span>
      </Button>
      <SaveViewDialog
        open={open}
        listId={command.id}
        listTitle={title}
        page={pathname}
        filters={filters}
        summary={describeViewFilters(command.id, filters, options)}
        onClose={() => setOpen(false)}
        onSaved={(view) => setSaved(view.name)}
      />
    </div>
  );
}
