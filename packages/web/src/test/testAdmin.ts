import type { SessionUser } from '@traction/core';

/** A signed-in admin for tests, holding exactly `permissions`. */
export const testAdmin = (permissions: readonly string[], overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  email: 'ada@traction.ng',
  firstName: 'Ada',
  lastName: 'Obi',
  role: 'admin',
  departments: [],
  status: 'active',
  createdAt: '2026-01-01T00:00:00Z',
  lastLoginAt: null,
  permissions: [...permissions],
  ...overrides,
});
