import { deleteSavedView, renameSavedView, type SavedView } from '@traction/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { describeViewFilters } from './describeViewFilters';
import type { OpenableView } from './useOpenableViews';
import { useSavedViewsChange } from './useSavedViewsChange';
import { viewNameProblem } from './viewNameProblem';

export interface SavedViewRowProps {
  view: SavedView;
  /** Where it opens, when the admin may still open its page. */
  openable: OpenableView | undefined;
}

type Mode = 'show' | 'rename' | 'delete';

/** One saved view on the Saved views page: open it, rename it in place (Enter saves, Esc cancels), or delete it after a second press. */
export function SavedViewRow({ view, openable }: SavedViewRowProps) {
  const [mode, setMode] = useState<Mode>('show');
  const [name, setName] = useState(view.name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useSavedViewsChange(renameSavedView);
  const remove = useSavedViewsChange(deleteSavedView);

  const show = () => {
    setMode('show');
    setName(view.name);
    setProblem(null);
    rename.reset();
    remove.reset();
  };

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    const wrong = viewNameProblem(name);
    setProblem(wrong);
    if (wrong) return;
    // Nothing to change: the server would refuse it, and there is nothing to say.
    if (name.trim() === view.name) return show();
    rename.mutate({ id: view.id, name: name.trim() }, { onSuccess: () => setMode('show') });
  };

  const error = problem ?? rename.error?.userMessage ?? remove.error?.userMessage;

  return (
    <tr data-view-id={view.id} className="border-t border-zinc-200 align-top dark:border-zinc-800">
      <td className="px-3 py-2">
        {mode === 'rename' ? (
          <form onSubmit={submitRename} className="flex items-start gap-2">
            <TextField
              label={`New name for ${view.name}`}
              className="min-w-48 flex-1"
              // The admin pressed Rename to type here.
              autoFocus
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  show();
                }
              }}
              error={error ?? undefined}
            />
            <div className="mt-5 flex gap-2">
              <Button type="submit" variant="primary" disabled={rename.isPending}>
                Save
              </Button>
              <Button onClick={show}>Cancel</Button>
            </div>
          </form>
        ) : openable ? (
          <Link to={openable.to} className="font-medium text-accent-700 hover:underline dark:text-accent-500">
            {view.name}
          </Link>
        ) : (
          <span className="font-medium">{view.name}</span>
        )}
      </td>
      <td className="px-3 py-2">
        {openable ? openable.listTitle : <span className="text-zinc-500 dark:text-zinc-400">You can no longer open this list</span>}
      </td>
      <td className="px-3 py-2 text-zinc-600 dark:text-zinc-400">{describeViewFilters(view.listId, view.filters)}</td>
      <td className="px-3 py-2">
        {mode === 'delete' ? (
          <div className="flex flex-wrap items-center justify-end gap-2">
            <span>Delete “{view.name}”?</span>
            <Button
              variant="danger"
              // The admin pressed Delete: the confirmation takes the focus, so Enter confirms and Tab reaches Keep.
              autoFocus
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: view.id })}
            >
              Delete
            </Button>
            <Button onClick={show}>Keep</Button>
            {remove.error ? (
              <p role="alert" className="w-full text-right text-sm text-red-600 dark:text-red-400">
                {remove.error.userMessage}
              </p>
            ) : null}
          </div>
        ) : mode === 'show' ? (
          <div className="flex justify-end gap-2">
            <Button
              onClick={() => {
                setName(view.name);
                setMode('rename');
              }}
              aria-label={`Rename ${view.name}`}
            >
              Rename
            </Button>
            <Button onClick={() => setMode('delete')} aria-label={`Delete ${view.name}`}>
              Delete
            </Button>
          </div>
        ) : null}
      </td>
    </tr>
  );
}
