import { listAdmins } from '@traction/core';
import { SimpleListPage } from '../list/SimpleListPage';

export default function AdminsPage() {
  return <SimpleListPage command={listAdmins} title="All Admins" />;
}
