import type { AnyCommand, CommandOutput, CommandParsedInput } from '@traction/core';
import type { SelectQueryBuilder } from 'kysely';
import type { HandlerContext } from './handler-context';

export type Handler<C extends AnyCommand> = (args: {
  input: CommandParsedInput<C>;
  ctx: HandlerContext;
}) => Promise<CommandOutput<C>>;

/** A list's rows as a query the framework pages, counts and exports. */
export interface ListSource<Row> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, any>;
  /** A unique, indexed column to order and page by, and the key it is selected as. */
  cursor: { column: string; key: string; direction: 'asc' | 'desc' };
  /** Turns a selected row into the command's row shape. */
  map(row: Record<string, unknown>): Row;
}

export interface Implementation {
  command: AnyCommand;
  /** Runs inside a transaction with its audit row (mutating commands), unless false. */
  transactional: boolean;
  handler?: (args: { input: Record<string, unknown>; ctx: HandlerContext }) => Promise<unknown>;
  list?: (args: { input: Record<string, unknown>; ctx: HandlerContext }) => ListSource<unknown>;
}

/** Implements a command; the input arrives validated and typed, the output is checked on the way out. */
export function implement<C extends AnyCommand>(
  command: C,
  handler: Handler<C>,
  options: { transactional?: boolean } = {},
): Implementation {
  return {
    command,
    transactional: options.transactional ?? command.mutates,
    handler: handler as Implementation['handler'],
  };
}

/** Implements a list command by describing its rows; paging, counting and CSV come from the framework. */
export function implementList<C extends AnyCommand, Row>(
  command: C,
  source: (args: { input: CommandParsedInput<C>; ctx: HandlerContext }) => ListSource<Row>,
): Implementation {
  if (!command.list) throw new Error(`${command.id} is not a list command`);
  return { command, transactional: false, list: source as Implementation['list'] };
}
