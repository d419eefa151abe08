import { z } from 'zod';

/** The device block of a sign-in (spec §3 "Device login payload"). */
export const deviceInput = z.object({
  /** Random id the client creates once and keeps (local storage, CLI config). */
  deviceId: z
    .string()
    .trim()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9._:-]+$/, 'may hold letters, digits and . _ : - only')
    .meta({ examples: ['ops-laptop-7f3a'] }),
  deviceModel: z.string().trim().max(200).default('unknown'),
  browserName: z.string().trim().max(100).default('unknown'),
  browserVersion: z.string().trim().max(50).default(''),
  /** What the client believes; the server decides whether the device is whitelisted. */
  whitelisted: z.boolean().default(false),
  deviceType: z.enum(['browser', 'cli']).default('browser'),
});
export type DeviceInput = z.input<typeof deviceInput>;

export const DEVICE_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const deviceRequest = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminEmail: z.string(),
  adminName: z.string(),
  /**
   * A short fingerprint of the device id, never the id itself: with the admin's password the id
   * signs in without a code, so it is treated as a credential and shown to nobody.
   */
  deviceFingerprint: z.string(),
  deviceModel: z.string(),
  browserName: z.string(),
  browserVersion: z.string(),
  deviceType: z.string(),
  status: z.enum(DEVICE_STATUSES),
  whitelisted: z.boolean(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type DeviceRequest = z.infer<typeof deviceRequest>;
