import { PERMISSION_IDS, PERMISSIONS, type Permission } from '@traction/core';
import { useAtomValue } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';

export interface ChecklistProps {
  /** Ticked and changeable. */
  checked: ReadonlySet<Permission>;
  /** Ticked because of something else (a department), with why; not changeable here. */
  inherited?: ReadonlyMap<Permission, string>;
  onToggle?: (permission: Permission, on: boolean) => void;
  busy?: boolean;
}

/**
 * The permission catalogue grouped as the sidebar is. A permission the signed-in admin lacks is
 * shown but locked: the server refuses to let anyone grant what they do not hold.
 */
export function PermissionChecklist({ checked, inherited = new Map(), onToggle, busy }: ChecklistProps) {
  const mine = useAtomValue(permissionSetAtom);
  const groups = [...new Set(PERMISSION_IDS.map((p) => PERMISSIONS[p].group))];
  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid="permission-checklist">
      {groups.map((group) => (
        <fieldset key={group} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
          <legend className="px-1 text-xs font-semibold text-zinc-500 uppercase">{group}</legend>
          <ul className="space-y-1">
            {PERMISSION_IDS.filter((p) => PERMISSIONS[p].group === group).map((permission) => {
              const via = inherited.get(permission);
              const on = checked.has(permission);
              const locked = !onToggle || busy || (!on && !mine.has(permission));
              return (
                <li key={permission}>
                  <label
                    className={`flex items-start gap-2 rounded px-1 py-0.5 ${locked ? 'text-zinc-500' : 'cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-800'}`}
                  >
                    <input
                      type="checkbox"
                      className="mt-0.5 accent-accent-600"
                      checked={on || !!via}
                      disabled={locked || (!!via && !on)}
                      onChange={(e) => onToggle?.(permission, e.target.checked)}
                      data-permission={permission}
                    />
                    <span>
                      {PERMISSIONS[permission].label}
                      <span className="ml-1.5 font-mono text-[11px] text-zinc-400">{permission}</span>
                      {via && !on ? <span className="ml-1.5 text-xs text-zinc-500">via {via}</span> : null}
                      {!on && !via && !mine.has(permission) ? <span className="ml-1.5 text-xs text-zinc-400">(you do not hold it)</span> : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
