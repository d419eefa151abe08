import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField } from '../../schemas/common';
import { DEVICE_STATUSES, deviceRequest } from '../../schemas/device';

export const listDeviceRequests = defineCommand({
  id: 'devices.requests.list',
  group: 'devices',
  action: 'list',
  title: 'List device authorization requests',
  keywords: ['device', 'authorization', 'whitelist'],
  method: 'GET',
  path: '/v1/admin/device-requests',
  permission: 'devices.authorize',
  input: z.object({
    ...listPaging,
    status: z.enum(DEVICE_STATUSES).default('pending'),
    /** Matches the admin's name or email, or the device id. */
    search: searchField.optional(),
  }),
  output: listOutput(deviceRequest),
  list: {
    route: '/request-authorization',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    bulkCommands: ['devices.requests.approve', 'devices.requests.reject'],
    columns: [
      { key: 'adminName', label: 'Admin', kind: 'text' },
      { key: 'adminEmail', label: 'Email', kind: 'email' },
      { key: 'deviceModel', label: 'Device', kind: 'text' },
      { key: 'browserName', label: 'Browser', kind: 'text' },
      { key: 'browserVersion', label: 'Version', kind: 'text' },
      { key: 'deviceType', label: 'Type', kind: 'enum' },
      { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
      { key: 'requestedAt', label: 'Requested', kind: 'datetime' },
      { key: 'decidedBy', label: 'Decided by', kind: 'text' },
    ],
  },
});

export const approveDeviceRequest = defineCommand({
  id: 'devices.requests.approve',
  group: 'devices',
  action: 'approve',
  title: 'Approve a device',
  description: 'Whitelists the device: its admin can sign in from it without an emailed code.',
  method: 'POST',
  path: '/v1/admin/device-requests/{id}/approve',
  permission: 'devices.authorize',
  danger: 'confirm',
  audit: { action: 'approve {subject}', subject: { kind: 'device', from: 'id' } },
  input: z.object({ id: idField }),
  output: z.object({ device: deviceRequest }),
});

export const rejectDeviceRequest = defineCommand({
  id: 'devices.requests.reject',
  group: 'devices',
  action: 'reject',
  title: 'Reject a device',
  description: 'Blocks the device for its admin and ends any session it holds.',
  method: 'POST',
  path: '/v1/admin/device-requests/{id}/reject',
  permission: 'devices.authorize',
  danger: 'confirm',
  audit: { action: 'reject {subject}', subject: { kind: 'device', from: 'id' }, note: 'reason' },
  input: z.object({ id: idField, reason: z.string().trim().max(500).optional() }),
  output: z.object({ device: deviceRequest }),
});
