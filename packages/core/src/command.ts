import type { z } from 'zod';
import type { AuditDescription } from './commands/audit/audit-description';
import type { ColumnLayoutHints } from './list';
import type { Permission } from './permissions';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * How careful a caller must be. `confirm`: the console asks, scripts pass `--yes`.
 * `money`: moves money — typed confirmation in the console, `--yes` in scripts and an
 * Idempotency-Key on every call.
 */
export type Danger = 'none' | 'confirm' | 'money';

/** How a list column is rendered and written to CSV. `sentence`: text read as a whole (the audit log's "what happened"), given room. */
export type ColumnKind = 'text' | 'sentence' | 'id' | 'email' | 'number' | 'money' | 'date' | 'datetime' | 'enum' | 'boolean' | 'tags';

/** A list column. Its width, priority and part on a phone's card follow from its kind (list.ts, `columnLayout`); set them here only where that is wrong. */
export interface ListColumn extends ColumnLayoutHints {
  /** Key of the row object. */
  key: string;
  /** Header shown in tables and written as the CSV header. */
  label: string;
  /** How the value is formatted. */
  kind: ColumnKind;
  /** An enum's values in the words people use (`PENDING` → `Ready to settle`); CSV keeps the values. */
  words?: Readonly<Record<string, string>>;
}

export interface ListSpec {
  /** Columns in display order; CSV exports use the same columns. */
  columns: readonly ListColumn[];
  /** Rows per page (spec §9: 100). */
  pageSize: number;
  /** The unique key of a row. */
  rowKey: string;
  /** Input field carrying the free-text search, if the list has one. */
  searchField?: string;
  /** Input fields carrying a date range, if the list has one. */
  dateRange?: { from: string; to: string };
  /** Console route of a row's detail page, with `{key}` placeholders from the row. */
  detailRoute?: string;
  /** Console route of the page that shows this list (`/merchants`): the palette offers that page, not the command. */
  route?: string;
  /** The column people name a row by in sentences (a bulk command's skipped rows); default: the first text column. */
  rowName?: string;
  /** Whether `download=csv` streams the whole filtered result. */
  csv: boolean;
  /** False: no export job writes this list (the export files and their schedules: a copy of them helps nobody). */
  exportJobs?: boolean;
  /** Commands that act on selected rows (their ids). */
  bulkCommands?: readonly string[];
}

export interface CommandSpec<I extends z.ZodObject, O extends z.ZodType> {
  /** Stable dotted id, e.g. `admins.role.update`. */
  id: string;
  /** Short imperative title shown in the palette and CLI help. */
  title: string;
  /** One or two sentences for help texts and the OpenAPI document. */
  description?: string;
  /** Palette and CLI group (`traction <group> <action>`). */
  group: string;
  /** CLI action name within the group. */
  action: string;
  /** Extra words the palette matches. */
  keywords?: readonly string[];
  /** Id of a command that does all this one does (the spec lists both paths): the palette offers only that one. */
  coveredBy?: string;
  /** HTTP method. */
  method: HttpMethod;
  /** Exact path, `{name}` for path parameters (taken from the input of the same name). */
  path: string;
  /** Input: path parameters, query (GET/DELETE) or body fields, all in one object. */
  input: I;
  /** Response body on success. */
  output: O;
  /** `public` commands need no session; default `admin`. */
  auth?: 'public' | 'admin';
  /** Permission needed; null means any signed-in admin (or anyone, for public commands). */
  permission: Permission | null;
  /** Default `none`. */
  danger?: Danger;
  /**
   * Whether the call needs an Idempotency-Key. Money commands and bulk commands require one.
   * `none`: keys are ignored and answers never stored, for answers that carry a secret (a
   * password link must not sit in the replay table).
   */
  idempotency?: 'required' | 'optional' | 'none';
  /** Input fields never written to logs or the audit log. */
  secrets?: readonly string[];
  /**
   * Whether the command changes state; default: every method but GET. Set for the few GETs the
   * spec writes that still change something (issuing a password link), so they are audited.
   */
  mutates?: boolean;
  /** Present on list commands. */
  list?: ListSpec;
  /**
   * What the command answers with: JSON (default), or a file's bytes under their own content
   * type (`output` is then `fileAnswer`, what the handler hands the framework).
   */
  answers?: 'json' | 'file';
  /** Example CLI invocation for help text. */
  example?: string;
  /**
   * Example input for the API reference, where its fields' own examples do not make a valid one
   * (a reason required only when marking, one of `ids` and `matching`).
   */
  exampleInput?: Partial<z.input<I>>;
  /** Answers 429 with Retry-After when called too often (every public command does). */
  throttled?: boolean;
  /** How the audit log tells a run of it ("marked {subject} as fraud"); default: its title. */
  audit?: AuditDescription;
}

export interface Command<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType>
  extends Omit<CommandSpec<I, O>, 'idempotency' | 'mutates' | 'answers'> {
  auth: 'public' | 'admin';
  answers: 'json' | 'file';
  danger: Danger;
  /** Whether the command changes state (and so is audited and runs in a transaction). */
  mutates: boolean;
  /** Names of the path parameters, in order. */
  pathParams: readonly string[];
  idempotency: 'required' | 'optional' | 'none';
  secrets: readonly string[];
}

export type AnyCommand = Command<z.ZodObject, z.ZodType>;
export type CommandInput<C extends AnyCommand> = z.input<C['input']>;
export type CommandParsedInput<C extends AnyCommand> = z.output<C['input']>;
export type CommandOutput<C extends AnyCommand> = z.output<C['output']>;

const PATH_PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Defines a command; checks at import time that every path parameter is an input field. */
export function defineCommand<I extends z.ZodObject, O extends z.ZodType>(spec: CommandSpec<I, O>): Command<I, O> {
  const pathParams = [...spec.path.matchAll(PATH_PARAM)].map((m) => m[1] as string);
  for (const name of pathParams) {
    if (!(name in spec.input.shape)) {
      throw new Error(`Command ${spec.id}: path parameter {${name}} is not an input field`);
    }
  }
  if (!spec.path.startsWith('/')) throw new Error(`Command ${spec.id}: path must start with /`);
  const mutates = spec.mutates ?? spec.method !== 'GET';
  const danger = spec.danger ?? 'none';
  return {
    ...spec,
    auth: spec.auth ?? 'admin',
    answers: spec.answers ?? 'json',
    danger,
    mutates,
    pathParams,
    idempotency: danger === 'money' ? 'required' : (spec.idempotency ?? (mutates ? 'optional' : 'none')),
    secrets: spec.secrets ?? [],
  };
}

/** Fills `{name}` placeholders of a command path from the input. */
export function buildPath(command: AnyCommand, input: Record<string, unknown>): string {
  return command.path.replace(PATH_PARAM, (_, name: string) => encodeURIComponent(String(input[name] ?? '')));
}
