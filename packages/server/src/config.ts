import { DEFAULT_EXPORT_RETENTION_DAYS, ERROR_REPORTERS, UPLOAD_MAX_BYTES, type ErrorReporterKind } from '@traction/core';

/** Every setting of the server. `readConfig` fills it from the environment; tests build their own. */
export interface ServerConfig {
  /** Where links in emails point: the console's public origin. */
  publicUrl: string;
  /** scrypt cost as a power of two: 17 (N = 131072) in production. */
  scryptLogN: number;
  /** A session ends after this long without a request. */
  sessionIdleMinutes: number;
  /** A session ends this long after sign-in, however busy. */
  sessionAbsoluteHours: number;
  /** An emailed device code is good for this long. */
  deviceCodeTtlMinutes: number;
  /** Wrong device codes tolerated before the code is void. */
  deviceCodeMaxAttempts: number;
  /** A password-reset link is good for this long. */
  resetLinkTtlMinutes: number;
  /** An invitation link is good for this long. */
  inviteLinkTtlHours: number;
  /** Failed sign-ins per account per hour, from devices the admin has not approved. */
  loginFailuresPerAccountPerHour: number;
  /** Failed sign-ins per address per 15 minutes. */
  loginFailuresPerAddressPer15Min: number;
  /** Read the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** Largest JSON body accepted, in bytes. */
  maxBodyBytes: number;
  /** Largest uploaded file accepted (uploads.create), in bytes. */
  uploadMaxBytes: number;
  /** The merchant app's set-password page; merchant password links are this plus `?token=…`. */
  merchantAppUrl: string;
  /** A merchant user's password link is good for this long. */
  merchantLinkTtlMinutes: number;
  /**
   * How long a command that calls a bank before it writes holds its Idempotency-Key: a claim
   * older than this whose request never answered died with its process, and a retry takes it
   * over. Keep it well above the bank timeout (TRACTION_BANK_TIMEOUT_MS, 10 s).
   */
  idempotencyLeaseSeconds: number;
  /** Folder of the built console, served at `/`; none in API-only deployments. */
  webDistDir?: string;
  /** Where the console reports render errors (spec §8): `off`, or `server` (kept in client_errors for engineers). */
  errorReporter: ErrorReporterKind;
  /** The production admin host (`admin.traction.ng`): the console reports errors only from a page served there. */
  productionAdminHost: string | null;
  /** Error reports one admin may send in 10 minutes; a page failing in a loop cannot flood the table. */
  clientErrorsPerAdminPer10Min: number;
  /**
   * Milliseconds per second of the transfer re-query schedule (core REQUERY_SCHEDULE_SECONDS):
   * 1,000 in production; a crash test sets TRACTION_REQUERY_MS_PER_SECOND=20 to walk the schedule
   * fifty times faster.
   */
  requeryMsPerSecond: number;
  /**
   * How long a session read stays good for the requests that follow (milliseconds; 0 reads it
   * on every request). Commands that change anything empty the cache in their process; other
   * processes on the same database see a sign-out or a revoked device within this time.
   */
  sessionCacheMs: number;
  /** Days an export file is kept before its bytes are deleted (TRACTION_EXPORT_RETENTION_DAYS, default 7). */
  exportRetentionDays: number;
}

export const defaultConfig: ServerConfig = {
  publicUrl: 'http://localhost:8080',
  scryptLogN: 17,
  sessionIdleMinutes: 120,
  sessionAbsoluteHours: 12,
  deviceCodeTtlMinutes: 10,
  deviceCodeMaxAttempts: 5,
  resetLinkTtlMinutes: 60,
  inviteLinkTtlHours: 72,
  loginFailuresPerAccountPerHour: 100,
  loginFailuresPerAddressPer15Min: 50,
  trustProxy: false,
  maxBodyBytes: 1_048_576,
  uploadMaxBytes: UPLOAD_MAX_BYTES,
  merchantAppUrl: 'http://localhost:5173/merchant/reset-password',
  merchantLinkTtlMinutes: 60,
  idempotencyLeaseSeconds: 60,
  errorReporter: 'off',
  productionAdminHost: null,
  clientErrorsPerAdminPer10Min: 20,
  requeryMsPerSecond: 1_000,
  sessionCacheMs: 2_000,
  exportRetentionDays: DEFAULT_EXPORT_RETENTION_DAYS,
};

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

export function readConfig(env: NodeJS.ProcessEnv, port: number): ServerConfig {
  return {
    ...defaultConfig,
    publicUrl: env.TRACTION_PUBLIC_URL ?? `http://localhost:${port}`,
    scryptLogN: int(env.TRACTION_SCRYPT_LOG_N, defaultConfig.scryptLogN),
    sessionIdleMinutes: int(env.TRACTION_SESSION_IDLE_MINUTES, defaultConfig.sessionIdleMinutes),
    sessionAbsoluteHours: int(env.TRACTION_SESSION_HOURS, defaultConfig.sessionAbsoluteHours),
    trustProxy: env.TRACTION_TRUST_PROXY === 'true',
    uploadMaxBytes: int(env.TRACTION_UPLOAD_MAX_BYTES, defaultConfig.uploadMaxBytes),
    merchantAppUrl: env.TRACTION_MERCHANT_APP_URL ?? defaultConfig.merchantAppUrl,
    idempotencyLeaseSeconds: int(env.TRACTION_IDEMPOTENCY_LEASE_SECONDS, defaultConfig.idempotencyLeaseSeconds),
    errorReporter: ERROR_REPORTERS.find((kind) => kind === env.TRACTION_ERROR_REPORTER) ?? defaultConfig.errorReporter,
    productionAdminHost: env.TRACTION_ADMIN_HOST?.trim().toLowerCase() || null,
    requeryMsPerSecond: int(env.TRACTION_REQUERY_MS_PER_SECOND, defaultConfig.requeryMsPerSecond),
    sessionCacheMs: env.TRACTION_SESSION_CACHE_MS === '0' ? 0 : int(env.TRACTION_SESSION_CACHE_MS, defaultConfig.sessionCacheMs),
    exportRetentionDays: int(env.TRACTION_EXPORT_RETENTION_DAYS, defaultConfig.exportRetentionDays),
  };
}
