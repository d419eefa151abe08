/**
 * The permission catalogue. Every command names one of these (or none, for commands any
 * signed-in admin may run); the super-admin role holds them all. Labels are what the
 * Permissions pages show.
 */
export const PERMISSIONS = {
  'admins.view': { label: 'View admins', group: 'Admin MGT' },
  'admins.create': { label: 'Create admins', group: 'Admin MGT' },
  'admins.change-role': { label: "Change an admin's role", group: 'Admin MGT' },
  'admins.delete': { label: 'Delete admins', group: 'Admin MGT' },
  'admins.reset-password': { label: "Reset an admin's password", group: 'Admin MGT' },
  'permissions.view': { label: 'View departments and permissions', group: 'Admin MGT' },
  'permissions.manage': { label: 'Grant and revoke permissions', group: 'Admin MGT' },
  'devices.authorize': { label: 'Approve or reject device requests', group: 'Device Authorization' },
  'audit.view': { label: 'Read the audit log', group: 'Admin MGT' },
} as const satisfies Record<string, { label: string; group: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_IDS = Object.keys(PERMISSIONS) as Permission[];

export const isPermission = (value: string): value is Permission => value in PERMISSIONS;

/** Roles. `super_admin` holds every permission; other roles hold what they are granted. */
export const ROLES = ['super_admin', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];
