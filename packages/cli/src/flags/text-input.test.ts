import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayField, defineCommand, fileField, koboField } from '@traction/core';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaFields } from './schema-fields';
import { inputFromText, validateInput } from './text-input';

const dir = mkdtempSync(join(tmpdir(), 'traction-text-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A money command of the kind reversals and transfers will be: amounts typed in Naira, a day, a file.
const transfer = defineCommand({
  id: 'test.transfer',
  group: 'test',
  action: 'transfer',
  title: 'Transfer',
  method: 'POST',
  path: '/v1/test/transfer',
  permission: null,
  danger: 'money',
  input: z.object({
    walletId: z.number().int(),
    amountKobo: koboField,
    valueDate: dayField.optional(),
    evidence: fileField.optional(),
    notify: z.boolean().default(false),
  }),
  output: z.object({}),
});
const fields = schemaFields(transfer);
const read = (raw: Record<string, string | boolean>) => inputFromText(transfer, fields, raw, { baseDir: dir, label: (field) => `--${field.flag}` });

describe('inputFromText', () => {
  it.each([
    ['1,500.50', 150_050],
    ['₦20', 2_000],
    ['NGN 0.01', 1],
  ])('reads the Naira amount %s as %i kobo', async (text, kobo) => {
    const { input, problems } = await read({ walletId: '7', amountKobo: text });
    expect(problems).toEqual([]);
    expect(input).toEqual({ walletId: 7, amountKobo: kobo });
    expect(validateInput(transfer, input, String).ok).toBe(true);
  });

  it('refuses more than two decimals rather than rounding money', async () => {
    const { problems } = await read({ walletId: '7', amountKobo: '1.005' });
    expect(problems).toEqual(['--amount-kobo: "1.005" is not a Naira amount with at most 2 decimals']);
  });

  it('opens files relative to the base folder and reports missing ones', async () => {
    writeFileSync(join(dir, 'proof.pdf'), 'pdf');
    const { input } = await read({ walletId: '7', amountKobo: '1', evidence: 'proof.pdf' });
    expect(input.evidence).toBeInstanceOf(Blob);
    expect((await read({ walletId: '7', amountKobo: '1', evidence: 'missing.pdf' })).problems[0]).toMatch(/^--evidence: cannot read the file/);
  });

  it('takes switches as booleans and leaves the schema to judge the rest', async () => {
    const { input } = await read({ walletId: 'x', amountKobo: '1', valueDate: '2026-13-45', notify: true });
    const checked = validateInput(transfer, input, (name) => `--${name}`);
    expect(input.notify).toBe(true);
    expect(checked.ok ? [] : checked.messages).toEqual(['--walletId: Invalid input: expected number, received string', '--valueDate: is not a real date']);
  });
});
