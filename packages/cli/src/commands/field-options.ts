import { Option, type Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import { completeWith } from '../completion/completion-values';
import { commandIndex } from '../flags/command-index';
import { fieldHelp, inputFields, valueHint, type InputField } from '../flags/input-fields';
import type { TextValue } from '../flags/text-input';
import type { GlobalOptions } from '../services/session';

/** Flags every command takes (defined on the program, accepted anywhere on the line). */
export const GLOBAL_FLAGS = ['profile', 'api-url', 'json', 'csv', 'csv-keys', 'bom', 'out', 'yes', 'help', 'version'] as const;

/** Flags some commands add themselves. */
const LOCAL_FLAGS = [
  'all',
  'limit',
  'output',
  'columns',
  'jq',
  'since',
  'interval',
  'from',
  'to',
  'idempotency-key',
  'file',
  'dry-run',
  'concurrency',
  'results',
  'new-batch',
];

/**
 * A command's own field may take a local flag's name when the command does not add that flag:
 * `--dry-run` is the CLI's preview of a money command, but a command that is not one and has a
 * `dryRun` field (`traction deductions run --dry-run`) means the same thing by it; `--from` and
 * `--to` are a list's date range, and a report's own `from`/`to` days otherwise.
 */
const ownsFlag = (command: AnyCommand, flag: string) =>
  (flag === 'dry-run' && command.danger !== 'money') || ((flag === 'from' || flag === 'to') && !command.list?.dateRange);

/** Repeating a list flag adds to it: `--permissions a --permissions b` is `a,b`. */
const collect = (value: string, previous: string | undefined) => (previous === undefined ? value : `${previous},${value}`);

export interface FieldOptions {
  fields: InputField[];
  /** Reads the values given for each field from commander's parsed options. */
  values(opts: Record<string, unknown>): Record<string, TextValue>;
}

/**
 * Adds one flag per input field: its type shown as the value placeholder, enum choices listed
 * (but checked by the schema, so a bad value gets zod's message), defaults and "(required)" in
 * the description. A field whose name would clash with a built-in flag is typed `--input-<name>`.
 */
export function addFieldOptions(target: Command, command: AnyCommand, options: { omit?: readonly string[] } = {}): FieldOptions {
  const fields = inputFields(command).filter((field) => !options.omit?.includes(field.name));
  const attributes = new Map<string, InputField>();
  for (const field of fields) {
    if ((GLOBAL_FLAGS as readonly string[]).includes(field.flag) || (LOCAL_FLAGS.includes(field.flag) && !ownsFlag(command, field.flag))) {
      field.flag = `input-${field.flag}`;
    }
    if (field.type === 'boolean') {
      const on = new Option(`--${field.flag}`, fieldHelp(field));
      const off = new Option(`--no-${field.flag}`, `set ${field.name} to false`);
      target.addOption(on).addOption(off);
      attributes.set(on.attributeName(), field);
      continue;
    }
    const option = new Option(`--${field.flag} <${valueHint(field)}>`, fieldHelp(field));
    if (field.type === 'array') option.argParser(collect);
    // Shown in help and offered by completion, but not enforced by commander: the schema judges.
    if (field.choices) option.argChoices = [...field.choices];
    const ids = commandIdsFor(field);
    if (ids) completeWith(option, { values: ids });
    target.addOption(option);
    attributes.set(option.attributeName(), field);
  }
  return {
    fields,
    values(opts) {
      const out: Record<string, TextValue> = {};
      for (const [attribute, field] of attributes) {
        const value = opts[attribute];
        if (value !== undefined) out[field.name] = value as TextValue;
      }
      return out;
    },
  };
}

/**
 * Fields that name a command by its id — the audit log's `command` filter, a saved view's
 * `listId` — so completion offers the ids (too many to list in `--help` as choices).
 */
function commandIdsFor(field: InputField): string[] | undefined {
  if (field.name === 'command') return commandIndex().map((command) => command.id);
  if (field.name === 'listId')
    return commandIndex()
      .filter((command) => command.list)
      .map((command) => command.id);
  return undefined;
}

/** The program-wide options out of a command's merged options. */
export function globalsOf(opts: Record<string, unknown>): GlobalOptions {
  const globals: GlobalOptions = {};
  if (typeof opts.profile === 'string') globals.profile = opts.profile;
  if (typeof opts.apiUrl === 'string') globals.apiUrl = opts.apiUrl;
  if (opts.json) globals.json = true;
  if (opts.csv) globals.csv = true;
  if (opts.csvKeys) globals.csv = globals.csvKeys = true;
  if (typeof opts.bom === 'boolean') globals.bom = opts.bom;
  if (typeof opts.out === 'string') globals.out = opts.out;
  if (opts.yes) globals.yes = true;
  return globals;
}

/** A sample value for a field, for generated examples. */
function sampleValue(field: InputField): string {
  if (field.choices?.length) return field.choices[0]!;
  if (field.format === 'kobo') return '1500.00';
  if (field.format === 'date') return '2026-11-21';
  if (field.type === 'number') return '7';
  if (field.type === 'array') return field.itemType === 'number' ? '7,8' : 'a,b';
  if (field.type === 'object') return `'{}'`;
  if (/email/i.test(field.name)) return 'ada@traction.ng';
  return `<${field.flag}>`;
}

/** The command's own example, or one made from its required fields. */
export function exampleOf(command: AnyCommand, prefix = `traction ${command.group} ${command.action}`): string {
  if (command.example && prefix === `traction ${command.group} ${command.action}`) return command.example;
  const required = inputFields(command).filter((field) => field.required);
  return [prefix, ...required.map((field) => `--${field.flag} ${sampleValue(field)}`)].join(' ');
}

/**
 * `--version` after a command whose own field is a version (`traction sheets upload --version 3`)
 * means that field, typed `--input-version`: commander would otherwise print the CLI's version
 * and exit 0, and a script would take the upload for done. Before any command it is still the
 * CLI's version.
 */
export function versionFlagAsField(argv: readonly string[], program: Command): string[] {
  let current = program;
  return argv.map((arg) => {
    const sub = current.commands.find((command) => command.name() === arg || command.aliases().includes(arg));
    if (sub) current = sub;
    const [flag, value] = arg.split(/=(.*)/s, 2);
    if (current === program || (flag !== '--version' && flag !== '-V')) return arg;
    if (!current.options.some((option) => option.long === '--input-version')) return arg;
    return value === undefined ? '--input-version' : `--input-version=${value}`;
  });
}
