import { z } from 'zod';
import { expect, it } from 'vitest';
import { coerceTextInput } from './coerce';

const schema = z.object({
  page: z.number().int().default(1),
  flag: z.boolean().optional(),
  ids: z.array(z.number()).optional(),
  name: z.string().optional(),
});

it('turns query text into the types the schema expects', () => {
  expect(coerceTextInput(schema, { page: '3', flag: 'false', ids: '1,2, 3', name: '42' })).toEqual({ page: 3, flag: false, ids: [1, 2, 3], name: '42' });
});

it('leaves text that is not of the type for the schema to refuse', () => {
  const coerced = coerceTextInput(schema, { page: 'two', flag: 'maybe' });
  expect(coerced).toEqual({ page: 'two', flag: 'maybe' });
  expect(schema.safeParse(coerced).success).toBe(false);
});

it.each([
  ['TRUE', true],
  ['Yes', true],
  ['1', true],
  [' false ', false],
  ['NO', false],
])('reads the spreadsheet or spoken boolean %j as %s', (text, value) => {
  expect(coerceTextInput(schema, { flag: text })).toEqual({ flag: value });
});
