import { createAdmin, listAdmins, listDepartments, type Role } from '@traction/core';
import type { ClientError } from '@traction/core/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { client } from '../../app/client';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { TextField } from '../ui/TextField';
import { useCommandQuery } from '../list/useCommandQuery';

/** Creates an admin, who is emailed a link to set their password. */
export default function NewAdminPage() {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const departments = useCommandQuery(listDepartments, {});
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '', role: 'staff' as Role, departmentIds: [] as number[] });
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setError('');
    setSending(true);
    client
      .call(createAdmin, form)
      .then(async () => {
        await queries.invalidateQueries({ queryKey: [listAdmins.id] });
        navigate('/admin');
      })
      .catch((failure: ClientError) => setError(failure.userMessage))
      .finally(() => setSending(false));
  };

  return (
    <form onSubmit={submit} className="max-w-lg space-y-3">
      <PageHeader title="New Admin" description="They receive an email with a link to choose their password." />
      <TextField label="Email" type="email" required autoFocus value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First name" required value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} />
        <TextField label="Last name" required value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} />
      </div>
      <label className="block">
        <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">Role</span>
        <select
          className="h-9 w-full rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value as Role })}
        >
          <option value="staff">Staff</option>
          <option value="admin">Admin</option>
          <option value="super_admin">Super admin</option>
        </select>
      </label>
      <fieldset>
        <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Departments</legend>
        <div className="grid grid-cols-2 gap-1">
          {departments.data?.items.map((d) => (
            <label key={d.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={form.departmentIds.includes(d.id)}
                onChange={(e) =>
                  setForm({ ...form, departmentIds: e.target.checked ? [...form.departmentIds, d.id] : form.departmentIds.filter((x) => x !== d.id) })
                }
              />
              {d.name}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={sending}>
        {sending ? 'Creating…' : 'Create admin'}
      </Button>
    </form>
  );
}
