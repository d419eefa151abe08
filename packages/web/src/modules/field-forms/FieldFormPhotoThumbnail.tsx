import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { useFieldFormPhoto } from './useFieldFormPhoto';

/** One photo of a field form as a thumbnail; Enter or a click opens it full size, Esc closes it. */
export function FieldFormPhotoThumbnail({ formId, photo }: { formId: number; photo: { id: number; caption: string } }) {
  const shown = useFieldFormPhoto(formId, photo.id);
  const [open, setOpen] = useState(false);
  const caption = photo.caption || `Photo ${photo.id}`;
  return (
    <figure className="space-y-1" data-photo-id={photo.id}>
      <button
        type="button"
        className="block h-24 w-32 overflow-hidden rounded border border-zinc-200 bg-zinc-50 focus:outline-2 focus:outline-blue-600 dark:border-zinc-700 dark:bg-zinc-800"
        onClick={() => setOpen(true)}
        disabled={!shown.data}
        aria-label={`Open ${caption} full size`}
      >
        {shown.data ? (
          <img src={shown.data} alt={caption} className="h-full w-full object-cover [image-rendering:pixelated]" />
        ) : (
          <span className="text-xs text-zinc-500">{shown.isError ? 'Could not load' : 'Loading…'}</span>
        )}
      </button>
      <figcaption className="max-w-32 text-xs text-zinc-500 dark:text-zinc-400">{caption}</figcaption>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="max-h-full max-w-4xl space-y-2 rounded-lg bg-white p-4 dark:bg-zinc-900">
            <DialogTitle className="text-sm font-medium">{caption}</DialogTitle>
            {shown.data ? <img src={shown.data} alt={caption} className="max-h-[75vh] min-w-64 max-w-full object-contain [image-rendering:pixelated]" /> : null}
            <div className="flex justify-end">
              <Button onClick={() => setOpen(false)}>Close</Button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </figure>
  );
}
