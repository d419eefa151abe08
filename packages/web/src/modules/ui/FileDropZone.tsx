import { forwardRef, useImperativeHandle, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface FileDropZoneProps {
  /** What the zone is for, read by assistive technology: "Add CAC documents: drop files here, or press Enter to choose them". */
  label: string;
  /** The `accept` of the file input (`.csv,.xlsx`, or types). */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Called with the files dropped or chosen (copied out of the input, which is emptied so the same file can be chosen again). */
  onFiles: (files: File[]) => void;
  /** What the zone says (a first line, then limits). */
  children: ReactNode;
}

/** What a page may do to the zone: open the file chooser (a page shortcut). */
export interface FileDropZoneHandle {
  choose: () => void;
}

/**
 * A place to drop files or, with Enter, Space or a click, choose them: one focusable element
 * (the hidden file input is out of the tab order), `data-dragging` while files hover over it.
 */
export const FileDropZone = forwardRef<FileDropZoneHandle, FileDropZoneProps>(function FileDropZone(
  { label, accept, multiple = false, disabled = false, onFiles, children },
  ref,
) {
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const choose = () => {
    if (!disabled) picker.current?.click();
  };
  useImperativeHandle(ref, () => ({ choose }));

  const onKeyDown = (event: KeyboardEvent) => {
    // Ctrl+Enter is the form's (send it), not a request to choose another file.
    if ((event.key === 'Enter' || event.key === ' ') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      choose();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-disabled={disabled || undefined}
      data-dragging={dragging || undefined}
      data-file-drop
      onKeyDown={onKeyDown}
      onClick={choose}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-zinc-300 p-6 text-center hover:border-accent-500 focus-visible:border-accent-600 focus-visible:outline-none aria-disabled:cursor-not-allowed aria-disabled:opacity-60 data-[dragging]:border-accent-600 data-[dragging]:bg-accent-50 dark:border-zinc-700 dark:data-[dragging]:bg-zinc-800"
    >
      {children}
      <input
        ref={picker}
        type="file"
        multiple={multiple}
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        data-testid="file-input"
        onChange={(event) => {
          if (event.target.files && event.target.files.length > 0) onFiles([...event.target.files]);
          event.target.value = '';
        }}
      />
    </div>
  );
});
