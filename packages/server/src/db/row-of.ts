import type { Compilable, InferResult } from 'kysely';

/** The row a query-building function selects, as Kysely infers it: what a mapper of its rows takes. */
export type RowOf<Query extends (...args: never[]) => Compilable<unknown>> = InferResult<ReturnType<Query>>[number];
