import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { fitColumns } from './fit-columns';
import { Table } from './Table';

describe('Table', () => {
  it('shows headers, a rule, every row and the footer', () => {
    const { lastFrame } = render(
      <Table
        headers={['ID', 'Email', 'Role']}
        rows={[
          ['7', 'ada@traction.ng', 'admin'],
          ['8', '', 'staff'],
        ]}
        width={60}
        footer="Page 1 of 1 · 2 rows"
      />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines[0]).toMatch(/^ID\s+Email\s+Role$/);
    expect(lines[1]).toMatch(/^─+\s+─+\s+─+$/);
    expect(lines[2]).toMatch(/^7\s+ada@traction\.ng\s+admin$/);
    expect(lines[3]).toMatch(/^8\s+—\s+staff$/);
    expect(lines.at(-1)).toBe('Page 1 of 1 · 2 rows');
  });

  it('cuts long cells with an ellipsis to fit the terminal', () => {
    const long = 'a-very-long-email-address-that-will-not-fit@traction.ng';
    const { lastFrame } = render(<Table headers={['ID', 'Email']} rows={[['1', long]]} width={30} />);
    const row = lastFrame()!.split('\n')[2]!;
    expect(row.length).toBeLessThanOrEqual(30);
    expect(row).toContain('…');
  });

  it('says so when nothing matches', () => {
    const { lastFrame } = render(<Table headers={['ID']} rows={[]} width={40} />);
    expect(lastFrame()).toContain('No rows match.');
  });
});

describe('fitColumns', () => {
  it('keeps natural widths when they fit and shrinks the widest first when not', () => {
    expect(fitColumns(['a', 'bb'], [['xxx', 'y']], 80)).toEqual([3, 2]);
    expect(fitColumns(['id', 'email'], [['1', 'x'.repeat(40)]], 20)).toEqual([2, 16]);
  });
});
