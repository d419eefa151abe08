import { listAdmins } from '@traction/core';
import { ListPage } from '../list/ListPage';

export default function PermissionsUsersPage() {
  return (
    <ListPage
      command={listAdmins}
      title="Permissions by User"
      description="Open an admin to see and change their permissions."
      rowNoun={{ one: 'admin', other: 'admins' }}
    />
  );
}
