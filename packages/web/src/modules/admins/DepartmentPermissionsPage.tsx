import { getDepartment, updateDepartment, type Permission } from '@traction/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { PermissionChecklist } from './PermissionChecklist';

/** One department's permissions: ticked here, saved together (every member gains or loses them at once). */
export default function DepartmentPermissionsPage() {
  const { id = '' } = useParams();
  const departmentId = Number(id);
  const shown = useCommandQuery(getDepartment, { id: departmentId });
  const { allowed, open } = useOpenCommand();
  const [draft, setDraft] = useState<Set<Permission> | null>(null);
  const saved = shown.data?.department.permissions;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly saved set of permissions discards the draft: the dependency is the trigger, not an input.
  useEffect(() => setDraft(null), [saved]);

  if (shown.isPending) return <PageSpinner />;
  if (!shown.data)
    return (
      <p role="alert" className="text-red-600">
        This department could not be loaded.
      </p>
    );
  const { department } = shown.data;
  const savedSet = new Set(department.permissions as Permission[]);
  const current = draft ?? savedSet;
  const changed = draft !== null && (draft.size !== department.permissions.length || [...savedSet].some((p) => !draft.has(p)));
  const canEdit = allowed(updateDepartment);

  return (
    <div>
      <PageHeader
        title={department.name}
        description={`${department.memberCount} members · ${department.description}`}
        actions={
          canEdit ? (
            <div className="flex gap-2">
              <Button disabled={!changed} onClick={() => setDraft(null)}>
                Discard
              </Button>
              <Button
                variant="primary"
                disabled={!changed}
                onClick={() =>
                  open({
                    command: updateDepartment,
                    fixed: { id: departmentId, permissions: [...current] },
                    subject: `${department.name}: ${current.size} permissions for ${department.memberCount} members`,
                  })
                }
              >
                Save changes
              </Button>
            </div>
          ) : null
        }
      />
      <PermissionChecklist
        checked={current}
        onToggle={
          canEdit
            ? (permission, on) => {
                const next = new Set(current);
                if (on) next.add(permission);
                else next.delete(permission);
                setDraft(next);
              }
            : undefined
        }
      />
    </div>
  );
}
