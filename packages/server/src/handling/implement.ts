import type { AnyCommand, CommandOutput, CommandParsedInput } from '@traction/core';
import type { SelectQueryBuilder } from 'kysely';
import type { CsvColumns } from './csv-sql';
import type { HandlerContext } from './handler-context';

export type Handler<C extends AnyCommand> = (args: { input: CommandParsedInput<C>; ctx: HandlerContext }) => Promise<CommandOutput<C>>;

/**
 * A list's rows as a query the framework pages, counts and exports. `DB` and `TB` are the
 * query's tables (aliases included), `Row` what it selects as Kysely infers it, `Out` the
 * command's row shape.
 */
export interface ListSource<DB, TB, Row, Out extends object> {
  query: SelectQueryBuilder<DB, TB & keyof DB, Row>;
  /** A unique, indexed column to order and page by, and the key it is selected as. */
  cursor: { column: string; key: NoInfer<keyof Row & string>; direction: 'asc' | 'desc' };
  /**
   * A column to order by before the cursor (which then breaks ties), in the cursor's direction:
   * a review queue by submission time. `key` must hold its value exactly as PostgreSQL compares
   * it (a timestamp as text: a JavaScript Date drops the microseconds), for CSV chunks to resume after it.
   */
  sortFirst?: { column: string; key: NoInfer<keyof Row & string> };
  /** Turns a selected row into the command's row shape. */
  map(row: Row): Out;
  /**
   * The exported columns' values as SQL over the query's tables, so PostgreSQL writes the CSV
   * itself (COPY) rather than every row passing through `map`: a list that gives every column of
   * its contract exports several times faster.
   */
  csv?: CsvColumns<Out>;
}

/**
 * A list source whose tables and selected row only its implementation knows: the framework
 * passes it work that suits any of them, `open((source) => readListPage(source, …))`, and gets
 * back rows of the command's shape.
 */
export type OpenList<Out extends object> = <Result>(use: <DB, TB, Row>(source: ListSource<DB, TB, Row, Out>) => Result) => Result;

export interface Implementation {
  command: AnyCommand;
  /** Runs inside a transaction with its audit row (mutating commands), unless false. */
  transactional: boolean;
  handler?: (args: { input: Record<string, unknown>; ctx: HandlerContext }) => Promise<unknown>;
  list?: (args: { input: Record<string, unknown>; ctx: HandlerContext }) => OpenList<object>;
  /**
   * Checked before a list is read (a page or its CSV): a list of one record's rows answers 404
   * when the record does not exist, rather than an empty list.
   */
  precondition?: (args: { input: Record<string, unknown>; ctx: HandlerContext }) => Promise<void>;
}

/** A list command's implementation, typed by its row shape (bulk commands resolve selections through it). */
export interface ListImplementation<Out extends object> extends Implementation {
  list: (args: { input: Record<string, unknown>; ctx: HandlerContext }) => OpenList<Out>;
}

/** Implements a command; the input arrives validated and typed, the output is checked on the way out. */
export function implement<C extends AnyCommand>(command: C, handler: Handler<C>, options: { transactional?: boolean } = {}): Implementation {
  return {
    command,
    transactional: options.transactional ?? command.mutates,
    handler: handler as Implementation['handler'],
  };
}

/** Implements a list command by describing its rows; paging, counting and CSV come from the framework. */
export function implementList<C extends AnyCommand, DB, TB, Row, Out extends object>(
  command: C,
  source: (args: { input: CommandParsedInput<C>; ctx: HandlerContext }) => ListSource<DB, TB, Row, Out>,
  options: { precondition?: (args: { input: CommandParsedInput<C>; ctx: HandlerContext }) => Promise<void> } = {},
): ListImplementation<Out> {
  if (!command.list) throw new Error(`${command.id} is not a list command`);
  return {
    command,
    transactional: false,
    ...(options.precondition ? { precondition: options.precondition as Implementation['precondition'] } : {}),
    // The input was validated against the command's schema before it gets here.
    list: (args) => {
      const opened = source(args as { input: CommandParsedInput<C>; ctx: HandlerContext });
      return (use) => use(opened);
    },
  };
}
