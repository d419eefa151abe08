import type { AnyCommand, MoneyPreview } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { client } from '../../app/client';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../ui/Button';
import type { CommandRequest } from './commandRequestAtom';
import { actionSentence } from './actionSentence';
import { CommandResult } from './CommandResult';
import { FieldInput } from './FieldInput';
import { fieldErrors, fieldSentence, serverIssues, type FieldErrors } from './fieldErrors';
import { fieldsOfCommand } from './fieldsOfCommand';
import type { FieldValue, FormField, FormValues } from './FormField';
import { initialFormValues } from './initialFormValues';
import { MoneyPreviewView } from './MoneyPreviewView';
import { confirmationMatches, moneyConfirmation } from './moneyConfirmation';
import { toCommandInput } from './toCommandInput';
import { failureMessage, useCommandRun } from './useCommandRun';

const NOTHING_FIXED: Record<string, unknown> = {};
const NO_ERRORS: FieldErrors = { fields: {}, others: [] };

export interface CommandFormProps {
  command: AnyCommand;
  request: CommandRequest;
  /** Cancel, or Close after the result. */
  onClose: () => void;
  /**
   * Put the focus in the first field when the form opens on a page of its own (New loan). Off by
   * default: in a dialog the dialog does it, and a form on a record's page must leave the page's
   * single-key shortcuts working.
   */
  autoFocus?: boolean;
}

/**
 * A form generated from a command's input schema. Checks the input with the command's own schema
 * before sending and puts every issue, the schema's or the server's, under its field, naming
 * it. The buttons say the action of what it acts on ("Mark Sunrise Petroleum as fraud");
 * `confirm` commands ask it as a question first; `money` commands are previewed first (the
 * exact transfers and balances, nothing posted), then sent only once the admin has typed the
 * amount (or reference) exactly, and applied only as previewed (the server refuses if the
 * accounts moved meanwhile).
 */
export function CommandForm({ command, request, onClose, autoFocus = false }: CommandFormProps) {
  const fixed = request.fixed ?? NOTHING_FIXED;
  const parts = request.parts;
  const labels = parts?.labels;
  const allFields = useMemo(
    () => fieldsOfCommand(command, fixed).map((field) => (labels?.[field.name] ? { ...field, label: labels[field.name]! } : field)),
    [command, fixed, labels],
  );
  const [values, setValues] = useState(() => initialFormValues(allFields, request.initial));
  // What was typed, as of the last keystroke: a field that reads its text on Enter or blur (a date)
  // hands it over in the very keydown that sends the form (Ctrl+Enter), before React re-renders,
  // so sending reads this rather than the render's `values`.
  const latestValues = useRef(values);
  // Fields that do not apply to what is typed so far (the page says which) are neither shown nor sent.
  const applies = parts?.applies;
  const fields = useMemo(() => fieldsThatApply(allFields, applies, values), [allFields, applies, values]);
  const visible = useMemo(() => new Set(fields.map((field) => field.name)), [fields]);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [failure, setFailure] = useState('');
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const [typed, setTyped] = useState('');
  const [preview, setPreview] = useState<MoneyPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);
  const run = useCommandRun(command, request.onDone);
  const sending = run.status === 'sending' || previewing;

  const typedInput = useMemo(() => toCommandInput(fields, values, fixed).input, [fields, values, fixed]);
  const confirmAs = request.confirmAs;
  const confirmation = useMemo(
    () => (command.danger === 'money' ? (confirmAs ?? moneyConfirmation(command, fields, typedInput)) : null),
    [command, fields, typedInput, confirmAs],
  );
  // What the buttons say: of the input being confirmed, else of the input as typed so far.
  const action = request.action ?? actionSentence(command, confirming ?? typedInput, request.about);
  const unlocked = command.danger !== 'money' || (confirmation !== null && confirmationMatches(typed, confirmation.expected));

  // Once, when it opens: the page is there to fill this form in, so the keyboard starts in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening focuses; later renders leave the focus where the admin put it.
  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new set of errors renders, to focus the first invalid field.
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  if (run.status === 'done') {
    return (
      <div className="space-y-4">
        <CommandResult output={run.output} context={run.context} />
        <div className="flex justify-end">
          <Button variant="primary" data-autofocus autoFocus onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  const change = (name: string) => (value: FieldValue) => {
    latestValues.current = { ...latestValues.current, [name]: value };
    setValues(latestValues.current);
    setErrors((current) => {
      if (!(name in current.fields)) return current;
      const { [name]: _, ...rest } = current.fields;
      return { ...current, fields: rest };
    });
  };

  /** The input to send, or null after showing why it cannot be sent. */
  const prepare = (): Record<string, unknown> | null => {
    const typedValues = latestValues.current;
    const sent = fieldsThatApply(allFields, applies, typedValues);
    const { input, errors: unreadable } = toCommandInput(sent, typedValues, fixed);
    const parsed = command.input.safeParse(input);
    const found = fieldErrors(parsed.success ? [] : parsed.error.issues, new Set(sent.map((field) => field.name)));
    const all: FieldErrors = { fields: { ...found.fields, ...unreadable }, others: found.others };
    if (Object.keys(all.fields).length === 0 && all.others.length === 0) return input;
    focusError.current = true;
    setErrors(all);
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    let input = confirming;
    if (!input) {
      input = prepare();
      if (!input) return;
      setErrors(NO_ERRORS);
      if (command.danger === 'confirm') {
        setConfirming(input);
        return;
      }
      if (command.danger === 'money') {
        setFailure('');
        setPreviewing(true);
        const previewed = await client.preview(command, input).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error : new Error(String(error)) }),
        );
        setPreviewing(false);
        if (previewed.ok) {
          setPreview(previewed.value);
          setTyped('');
          setConfirming(input);
        } else showFailure(previewed.error);
        return;
      }
    }
    if (!unlocked) return;
    setFailure('');
    const outcome = await run.send(input, preview ? { ifMatch: preview.token } : {});
    if (outcome.ok) return;
    setConfirming(null);
    setPreview(null);
    showFailure(outcome.error);
  };

  const showFailure = (error: ClientError | Error) => {
    const failed = failureMessage(error);
    let shownAtField = false;
    if (error instanceof ClientError && error.details?.fields) {
      focusError.current = true;
      const found = fieldErrors(serverIssues(error.details.fields), visible);
      shownAtField = Object.values(found.fields).includes(failed);
      setErrors(found);
    }
    // Said once: under its field when the server's message is that field's.
    setFailure(shownAtField ? '' : failed);
  };

  // Ctrl/⌘+Enter sends from anywhere in the form, including multi-line fields.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  const problems = [...(failure ? [failure] : []), ...errors.others];
  const Confirmation = parts?.confirmation;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={onKeyDown}
      data-testid="command-form"
      data-command={command.id}
      data-danger={command.danger}
      aria-busy={sending || undefined}
      className="space-y-3"
    >
      <fieldset disabled={sending || confirming !== null} className="space-y-3">
        {fields.length === 0 && !request.subject ? <p className="text-zinc-500 dark:text-zinc-400">Nothing to fill in: press Enter to run it.</p> : null}
        {fields.map((field, index) => (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name] ?? null}
            error={fieldSentence(field.label, errors.fields[field.name])}
            onChange={change(field.name)}
            autoFocus={index === 0}
            control={parts?.controls?.[field.name]}
            note={parts?.notes?.[field.name]}
            values={values}
          />
        ))}
      </fieldset>

      {problems.length > 0 ? (
        <div role="alert" data-form-error className="rounded-md bg-red-50 p-2.5 text-red-700 dark:bg-red-950/40 dark:text-red-300">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}

      {confirming ? (
        <div
          role="alertdialog"
          aria-label={`${action}?`}
          data-confirm-step
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2.5 dark:border-amber-700 dark:bg-amber-950/40"
        >
          <p className="font-medium">{action}?</p>
          {request.subject && !action.includes(request.subject) ? <p className="text-zinc-600 dark:text-zinc-300">{request.subject}</p> : null}
          {Confirmation ? <Confirmation input={confirming} preview={preview} /> : null}
          {preview ? <MoneyPreviewView preview={preview} /> : null}
          {command.danger === 'money' ? (
            <label className="block" data-money-confirmation>
              <span className="mb-1 block text-xs font-medium text-amber-900 dark:text-amber-200">
                This moves money. Type {confirmation?.what ?? 'the word'} <strong className="font-mono">{confirmation?.expected ?? 'CONFIRM'}</strong> to
                confirm.
              </span>
              <input
                className="h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
                autoComplete="off"
                aria-label="Typed confirmation"
                // biome-ignore lint/a11y/noAutofocus: the confirmation step opens on the one thing to do next, typing the amount.
                autoFocus
                disabled={sending}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </label>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button
              onClick={() => {
                setConfirming(null);
                setPreview(null);
                setTyped('');
              }}
              disabled={sending}
            >
              Go back
            </Button>
            <Button type="submit" variant="danger" autoFocus={command.danger !== 'money'} disabled={sending || !unlocked}>
              {sending ? <Spinner /> : null}
              {action}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant={command.danger === 'none' ? 'primary' : 'danger'} disabled={sending} autoFocus={fields.length === 0}>
            {sending ? <Spinner /> : null}
            {command.danger === 'confirm' ? `${action}…` : command.danger === 'money' ? `Preview: ${action}…` : action}
          </Button>
        </div>
      )}
    </form>
  );
}

function Spinner() {
  return <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-white/40 border-t-white" />;
}

function fieldsThatApply(fields: FormField[], applies: ((name: string, values: FormValues) => boolean) | undefined, values: FormValues): FormField[] {
  return applies ? fields.filter((field) => applies(field.name, values)) : fields;
}
