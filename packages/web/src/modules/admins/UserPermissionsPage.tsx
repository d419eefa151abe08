import { adminPermissions, changeAdminRole, deleteAdmin, grantPermissions, resetAdminPassword, revokeUserPermission, type Permission } from '@traction/core';
import { useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useRunCommand } from '../commands/useRunCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { PermissionChecklist } from './PermissionChecklist';

/** One admin: their own permissions (granted and revoked here), their departments', and what they may do. */
export default function UserPermissionsPage() {
  const { id = '' } = useParams();
  const adminId = Number(id);
  const navigate = useNavigate();
  const shown = useCommandQuery(adminPermissions, { id: adminId });
  const grant = useRunCommand(grantPermissions);
  const { allowed, open } = useOpenCommand();
  if (shown.isPending) return <PageSpinner />;
  if (!shown.data)
    return (
      <p role="alert" className="text-red-600">
        This admin could not be loaded{shown.error ? `: ${shown.error.message}` : ''}.
      </p>
    );
  const { data } = shown;
  const inherited = new Map<Permission, string>();
  for (const d of data.departments) for (const p of d.permissions as Permission[]) if (!inherited.has(p)) inherited.set(p, d.name);
  const canManage = allowed(grantPermissions) && data.role !== 'super_admin';

  const toggle = (permission: Permission, on: boolean) => {
    if (on) grant.mutate({ user_id: adminId, permissions: [permission] });
    else open({ command: revokeUserPermission, fixed: { permission, user_id: adminId }, about: data.email, subject: `${permission} from ${data.email}` });
  };

  return (
    <div>
      <PageHeader
        title={data.name}
        description={`${data.email} · ${data.role.replace('_', ' ')} · ${data.effective.length} effective permissions`}
        actions={
          <div className="flex flex-wrap gap-2">
            {allowed(changeAdminRole) ? (
              <Button
                onClick={() => open({ command: changeAdminRole, fixed: { id: adminId }, initial: { role: data.role }, about: data.email, subject: data.email })}
              >
                Change role
              </Button>
            ) : null}
            {allowed(resetAdminPassword) ? (
              <Button onClick={() => open({ command: resetAdminPassword, fixed: { adminId }, about: data.email, subject: data.email })}>Reset password</Button>
            ) : null}
            {allowed(deleteAdmin) ? (
              <Button
                variant="danger"
                onClick={() => open({ command: deleteAdmin, fixed: { id: adminId }, about: data.email, subject: data.email, onDone: () => navigate('/admin') })}
              >
                Delete
              </Button>
            ) : null}
          </div>
        }
      />
      {data.role === 'super_admin' ? <p className="mb-3 text-zinc-500">A super admin holds every permission.</p> : null}
      {grant.error ? (
        <p role="alert" className="mb-3 text-red-600">
          {grant.error.userMessage}
        </p>
      ) : null}
      <PermissionChecklist
        checked={new Set(data.direct as Permission[])}
        inherited={inherited}
        onToggle={canManage ? toggle : undefined}
        busy={grant.isPending}
      />
    </div>
  );
}
