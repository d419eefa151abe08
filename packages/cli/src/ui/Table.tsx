import { Box, Text } from 'ink';
import { COLUMN_GAP, fitColumns } from './fit-columns';

export interface TableProps {
  /** Column headers, in order. */
  headers: readonly string[];
  /** Cells as text, one array per row. */
  rows: readonly (readonly string[])[];
  /** Width to fit, in terminal columns. */
  width: number;
  /** A dim line under the table (counts, how to get the next page). */
  footer?: string;
}

/** A list as a terminal table: bold headers, a rule, cells cut to fit with an ellipsis. */
export function Table({ headers, rows, width, footer }: TableProps) {
  const widths = fitColumns(headers, rows, width);
  const cell = (text: string, column: number, bold = false) => (
    <Box key={column} width={widths[column]} marginRight={column < headers.length - 1 ? COLUMN_GAP : 0} flexShrink={0}>
      <Text bold={bold} wrap="truncate-end" dimColor={!bold && text === ''}>
        {text === '' && !bold ? '—' : text}
      </Text>
    </Box>
  );
  return (
    <Box flexDirection="column">
      <Box>{headers.map((header, column) => cell(header, column, true))}</Box>
      <Text dimColor>{widths.map((w) => '─'.repeat(w)).join(' '.repeat(COLUMN_GAP))}</Text>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a printed table is drawn once, in order; rows carry no id of their own.
        <Box key={index}>{headers.map((_, column) => cell(row[column] ?? '', column))}</Box>
      ))}
      {rows.length === 0 ? <Text dimColor>No rows match.</Text> : null}
      {footer ? <Text dimColor>{footer}</Text> : null}
    </Box>
  );
}
