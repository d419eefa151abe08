import { z } from 'zod';
import { defineCommand } from '../../command';
import { password } from '../../schemas/admin';
import { idField, okOutput } from '../../schemas/common';

export const resetAdminPassword = defineCommand({
  id: 'admins.password.reset',
  group: 'admins',
  action: 'reset-password',
  title: "Reset an admin's password",
  description: 'Signs the admin out everywhere and emails them a single-use link to choose a new password.',
  keywords: ['password', 'reset', 'link'],
  method: 'POST',
  path: '/v1/admin/password/reset',
  permission: 'admins.reset-password',
  danger: 'confirm',
  audit: { action: 'reset the password of {subject}', subject: { kind: 'admin', from: 'adminId' } },
  input: z.object({ adminId: idField }),
  output: z.object({ sent: z.literal(true), email: z.string(), expiresAt: z.string() }),
});

export const setPassword = defineCommand({
  id: 'auth.password.set',
  group: 'auth',
  action: 'set-password',
  title: 'Set a password from an emailed link',
  method: 'POST',
  path: '/v1/admin/password/set',
  auth: 'public',
  permission: null,
  audit: { action: 'set their password from an emailed link' },
  input: z.object({ token: z.string().trim().min(20).max(200), password }),
  output: okOutput,
  secrets: ['token', 'password'],
});
