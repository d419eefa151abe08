import { describe, expect, it } from 'vitest';
import { csvCell } from './list-runner';

const text = { key: 'v', label: 'V', kind: 'text' } as const;
const money = { key: 'v', label: 'V', kind: 'money' } as const;

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+2348031234567', "'+2348031234567"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['Mama Nkechi Provisions', 'Mama Nkechi Provisions'],
    ['O=K', 'O=K'],
  ])('writes merchant text %j so a spreadsheet shows it and never runs it', (value, expected) => {
    expect(csvCell(text, value)).toBe(expected);
  });

  it('leaves amounts as plain signed decimals', () => {
    expect(csvCell(money, -12_345n)).toBe('-123.45');
    expect(csvCell(money, 5n)).toBe('0.05');
  });
});
