import { listDeviceRequests } from '@traction/core';
import { SimpleListPage } from '../list/SimpleListPage';

export default function DeviceRequestsPage() {
  return <SimpleListPage command={listDeviceRequests} title="Device Authorization Request" />;
}
