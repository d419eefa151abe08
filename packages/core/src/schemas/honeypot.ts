import { z } from 'zod';
import type { FieldMeta } from './fields';

/**
 * A public form's trap for bots: a field people never see (the console renders it off-screen and
 * leaves it empty) but form-filling scripts fill. The server answers a filled one as if it had
 * succeeded, and keeps and sends nothing.
 */
export const honeypotField = z
  .string()
  .max(200)
  .optional()
  .meta({ label: 'Leave this empty', format: 'honeypot' } satisfies FieldMeta);

/** The name public forms give their honeypot field. */
export const HONEYPOT_FIELD = 'website';
