import { Box, Text } from 'ink';
import { COLUMN_GAP } from './fit-columns';

/** A column as laid out (fit-columns.ts): its header, its width, and which side its values keep to. */
export interface TableColumn {
  header: string;
  width: number;
  /** Amounts and counts keep to the right, so their digits line up. */
  align?: 'left' | 'right';
}

export interface TableProps {
  columns: readonly TableColumn[];
  /** Cells as text, one array per row, in the order of `columns`. */
  rows: readonly (readonly string[])[];
  /** Whether to draw the header and its rule (false for the pages after the first of `--all`). */
  header?: boolean;
  /** A dim line under the table (counts, how to get the next page, columns left out). */
  footer?: string;
  /** Said when there are no rows. */
  empty?: string;
}

/**
 * A list as a terminal table: bold headers (wrapped onto a second line rather than cut), a rule,
 * cells cut to their column's width with an ellipsis, empty cells as a dim dash.
 */
export function Table({ columns, rows, header = true, footer, empty = 'No rows match.' }: TableProps) {
  const cell = (text: string, column: number, bold = false) => {
    const { width, align } = columns[column]!;
    return (
      <Box
        key={column}
        width={width}
        marginRight={column < columns.length - 1 ? COLUMN_GAP : 0}
        flexShrink={0}
        justifyContent={align === 'right' ? 'flex-end' : 'flex-start'}
      >
        <Text bold={bold} wrap={bold ? 'wrap' : 'truncate-end'} dimColor={!bold && text === ''}>
          {text === '' && !bold ? '—' : text}
        </Text>
      </Box>
    );
  };
  return (
    <Box flexDirection="column">
      {header ? <Box>{columns.map((column, index) => cell(column.header, index, true))}</Box> : null}
      {header ? <Text dimColor>{columns.map((column) => '─'.repeat(column.width)).join(' '.repeat(COLUMN_GAP))}</Text> : null}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a printed table is drawn once, in order; rows carry no id of their own.
        <Box key={index}>{columns.map((_, column) => cell(row[column] ?? '', column))}</Box>
      ))}
      {rows.length === 0 && header ? <Text dimColor>{empty}</Text> : null}
      {footer?.split('\n').map((line) => (
        <Text key={line} dimColor>
          {line}
        </Text>
      ))}
    </Box>
  );
}
