import { listAdmins } from '@traction/core';
import { SimpleListPage } from '../list/SimpleListPage';

export default function PermissionsUsersPage() {
  return <SimpleListPage command={listAdmins} title="Permissions by User" />;
}
