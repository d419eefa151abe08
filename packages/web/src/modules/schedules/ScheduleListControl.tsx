import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { permissionSetAtom } from '../auth/sessionAtoms';
import type { FieldControlProps } from '../forms/FormParts';
import { exportableLists, listName } from './exportableLists';

const control =
  'h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500 disabled:opacity-60';

/** The list a schedule exports, picked by name among those the admin may read (typing a name jumps to it). */
export function ScheduleListControl({ value, onChange, attributes }: FieldControlProps) {
  const permissions = useAtomValue(permissionSetAtom);
  const lists = useMemo(() => exportableLists(permissions), [permissions]);
  return (
    <select {...attributes} className={control} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)}>
      <option value="">Choose a list…</option>
      {lists.map((command) => (
        <option key={command.id} value={command.id}>
          {listName(command)} ({command.id})
        </option>
      ))}
    </select>
  );
}
