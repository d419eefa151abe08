import { listDeviceRequests } from '@traction/core';
import { ListPage } from '../list/ListPage';

export default function DeviceRequestsPage() {
  return <ListPage command={listDeviceRequests} title="Device Authorization Request" rowNoun={{ one: 'device request', other: 'device requests' }} />;
}
