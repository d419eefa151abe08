import type { AnyCommand } from '@traction/core';
import { DEVICE_NOT_RECOGNIZED_MESSAGE } from '@traction/core';
import type { JsonSchema } from './json-schema';

/** The body of every failure, `{ code, message, details }` (core's errors.ts). */
export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: "The HTTP status as a string, e.g. '401'", examples: ['400'] },
    message: { type: 'string', description: 'A sentence a person can act on' },
    details: {
      type: 'object',
      properties: {
        fields: {
          type: 'array',
          description: 'Each failing input field of a 400, by its dotted path',
          items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
        reason: { type: 'string', description: 'A short machine reason: `device_not_recognized`, `session_expired`, `already`, …' },
        retryAfterSeconds: { type: 'integer', description: 'With a 429: seconds to wait before trying again' },
        permission: { type: 'string', description: 'With a 403: the permission the operation needs' },
      },
      // Some failures add facts of their own (the record's state, the limit reached).
      additionalProperties: true,
    },
  },
};

interface Failure {
  /** Component name. */
  name: string;
  description: string;
  example: Record<string, unknown>;
  headers?: Record<string, unknown>;
}

const FAILURES = {
  '400': {
    name: 'BadRequest',
    description: 'The input is invalid: `details.fields` names each failing field and why',
    example: { code: '400', message: 'amount: must be more than zero', details: { fields: [{ field: 'amount', message: 'must be more than zero' }] } },
  },
  '401': {
    name: 'Unauthorized',
    description: 'Not signed in, the session ended, or the device is not authorised (`details.reason`)',
    example: { code: '401', message: DEVICE_NOT_RECOGNIZED_MESSAGE, details: { reason: 'device_not_recognized' } },
  },
  '403': {
    name: 'Forbidden',
    description: 'The admin lacks the permission the operation needs',
    example: {
      code: '403',
      message: 'You do not have the "merchants.fraud" permission needed to mark a business as fraud.',
      details: { reason: 'missing_permission', permission: 'merchants.fraud' },
    },
  },
  '404': {
    name: 'NotFound',
    description: 'A record the request names does not exist',
    example: { code: '404', message: 'No business with id 999999' },
  },
  '409': {
    name: 'Conflict',
    description: 'The record is not in a state that allows this; `details.reason` is `already` when it is already as asked',
    example: { code: '409', message: 'The business is already marked as fraud', details: { reason: 'already' } },
  },
  '422': {
    name: 'IdempotencyKeyReused',
    description: 'The Idempotency-Key was already used with a different request',
    example: { code: '422', message: 'This Idempotency-Key was already used for a different request', details: { reason: 'idempotency_key_reused' } },
  },
  '429': {
    name: 'TooManyRequests',
    description: 'Called too often: wait for Retry-After (also `details.retryAfterSeconds`)',
    example: { code: '429', message: 'Too many requests from your address. Try again in 60 seconds', details: { retryAfterSeconds: 60 } },
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
  },
} satisfies Record<string, Failure>;

type Status = keyof typeof FAILURES;

/** The shared failure answers, for `components.responses`. */
export function failureComponents(): Record<string, unknown> {
  return Object.fromEntries(
    Object.values(FAILURES).map((failure: Failure) => [
      failure.name,
      {
        description: failure.description,
        ...(failure.headers ? { headers: failure.headers } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: failure.example } },
      },
    ]),
  );
}

/** The failures a command can answer with: each rule below is one the server applies to it. */
export function failuresOf(command: AnyCommand): Record<string, { $ref: string }> {
  const statuses: Status[] = ['400'];
  if (command.auth === 'admin') statuses.push('401');
  if (command.auth === 'admin' && command.permission) statuses.push('403');
  // A list answers an empty page, never 404; anything else may name a record that is not there.
  if (!command.list || command.pathParams.length > 0) statuses.push('404');
  if (command.mutates) statuses.push('409');
  if (command.idempotency !== 'none') statuses.push('422');
  if (command.auth === 'public' || command.throttled) statuses.push('429');
  return Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${FAILURES[status].name}` }]));
}
