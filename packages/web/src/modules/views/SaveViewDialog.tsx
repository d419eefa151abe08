import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { saveView, type SavedView } from '@traction/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useSavedViewsChange } from './useSavedViewsChange';
import { viewNameProblem } from './viewNameProblem';

export interface SaveViewDialogProps {
  open: boolean;
  /** The list command whose filters are saved. */
  listId: string;
  /** The page's title, "All Admins". */
  listTitle: string;
  /** The page the view opens. */
  page: string;
  /** The filters as the URL holds them. */
  filters: Readonly<Record<string, string>>;
  /** The filters in words. */
  summary: string;
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}

/** Asks for a name and saves the list's current filters under it. Enter saves, Esc cancels. */
export function SaveViewDialog({ open, listId, listTitle, page, filters, summary, onClose, onSaved }: SaveViewDialogProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavedViewsChange(saveView);

  const close = () => {
    setName('');
    setProblem(null);
    save.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const wrong = viewNameProblem(name);
    setProblem(wrong);
    if (wrong) return;
    save.mutate(
      { name: name.trim(), listId, page, filters: { ...filters } },
      {
        onSuccess: (view) => {
          close();
          onSaved(view);
        },
      },
    );
  };

  // A taken name belongs under the name; anything else (a filter the list refuses) under the form.
  const nameTaken = save.error?.details?.reason === 'name_taken';
  const nameError = problem ?? (nameTaken ? save.error?.userMessage : undefined);
  const formError = save.error && !nameTaken ? save.error.userMessage : undefined;

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[15vh]">
        <DialogPanel
          data-testid="save-view-dialog"
          className="w-full max-w-md rounded-xl bg-white p-5 shadow-2xl ring-1 ring-black/5 dark:bg-zinc-900 dark:ring-white/10"
        >
          <DialogTitle className="text-base font-semibold">Save view of {listTitle}</DialogTitle>
          <Description className="mt-1 text-zinc-600 dark:text-zinc-400">
            {summary === 'No filters' ? 'No filters: the view opens the whole list.' : summary}
          </Description>
          <form onSubmit={submit} className="mt-4 space-y-4">
            <TextField
              label="Name"
              data-autofocus
              autoComplete="off"
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
              error={nameError}
            />
            {formError ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {formError}
              </p>
            ) : null}
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Only you see your views. Open them from the sidebar or the palette (Ctrl+K).</p>
            <div className="flex justify-end gap-2">
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="primary" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save view'}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
