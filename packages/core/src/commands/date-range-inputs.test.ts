import { describe, expect, it } from 'vitest';
import { registry } from '../index';

// A range check across two bounds runs even when a bound failed its own check; it must leave the
// refusal to that check (a 400 naming the field) rather than throw (a 500).
const ranged = registry.filter((command) => command.list?.dateRange);

describe('lists with a date range', () => {
  it.each(ranged.map((command) => [command.id, command] as const))('%s refuses unreadable bounds by name', (_id, command) => {
    const { from, to } = command.list!.dateRange!;
    for (const bad of ['string', '2026-02-30', '0000-01-01']) {
      const parsed = command.input.safeParse({ [from]: bad, [to]: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(from);
    }
  });
});
