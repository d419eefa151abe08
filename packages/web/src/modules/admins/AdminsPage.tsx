import { listAdmins, listDepartments } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';

export default function AdminsPage() {
  const permissions = useAtomValue(permissionSetAtom);
  // Departments by name in the filter when the admin may read them; a number box otherwise.
  const departments = useCommandQuery(listDepartments, {}, { enabled: permissions.has('permissions.view') });
  const items = departments.data?.items;
  const filterOptions = useMemo(() => (items ? { department: items.map((d) => ({ value: d.id, label: d.name })) } : undefined), [items]);
  return (
    <ListPage
      command={listAdmins}
      title="All Admins"
      rowNoun={{ one: 'admin', other: 'admins' }}
      {...(filterOptions ? { filterOptions } : {})}
      actions={
        permissions.has('admins.create') ? (
          <Link to="/new-admin" className="inline-flex h-8 items-center rounded-md bg-accent-600 px-3 text-sm font-medium text-white hover:bg-accent-700">
            New admin
          </Link>
        ) : undefined
      }
    />
  );
}
