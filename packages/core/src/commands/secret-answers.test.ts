import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registry } from '../index';

// An answer kept for an Idempotency-Key replay is stored as it was sent: a session token in it would
// sit in the database in the clear, where sessions are kept only hashed.
describe('answers that carry a session token', () => {
  it('are never kept for a replay', () => {
    const keeping = registry.filter((command) => {
      if (command.answers === 'file' || command.idempotency === 'none') return false;
      return /"token":/.test(JSON.stringify(z.toJSONSchema(command.output, { io: 'output', unrepresentable: 'any' })));
    });
    expect(keeping.map((command) => command.id)).toEqual([]);
  });
});
