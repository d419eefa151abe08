import { COMPANY_TRANSFER_SOURCES } from '@traction/core';
import { useId } from 'react';
import type { FormField } from '../forms/FormField';
import { BusinessNote } from '../transfers/BusinessNote';
import { humanize } from '../ui/humanize';

export interface UploadSourceValue {
  from: 'wallet' | 'company';
  business: string;
  companyAccount: string;
}

const BUSINESS_FIELD: FormField = { name: 'business', label: 'Business (id or email)', kind: 'text', required: true };
const control = 'h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500';

/**
 * Where the money comes from: a merchant's wallet (by id or email, with whose wallet it is and
 * its balance under it) or a company account. Arrow keys move between the two choices.
 */
export function UploadSourceFields({
  value,
  onChange,
  errors,
}: {
  value: UploadSourceValue;
  onChange: (next: UploadSourceValue) => void;
  errors: Readonly<Record<string, string>>;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-3" data-testid="upload-source">
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Pay from</legend>
      <div role="radiogroup" aria-label="Pay from" className="flex flex-wrap gap-x-4 gap-y-1">
        {(
          [
            ['wallet', "A merchant's wallet"],
            ['company', 'A company account'],
          ] as const
        ).map(([from, label]) => (
          <label key={from} className="flex items-center gap-2">
            <input type="radio" name={`${id}-from`} value={from} checked={value.from === from} onChange={() => onChange({ ...value, from })} />
            {label}
          </label>
        ))}
      </div>
      {value.from === 'wallet' ? (
        <div data-field="business" className="max-w-md">
          <label htmlFor={`${id}-business`} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Business (id or email) <span aria-hidden="true">*</span>
          </label>
          <input
            id={`${id}-business`}
            className={control}
            autoComplete="off"
            placeholder="42 or accounts@mamaput.ng"
            aria-required
            aria-invalid={errors.business ? true : undefined}
            aria-describedby={`${id}-business-note${errors.business ? ` ${id}-business-error` : ''}`}
            value={value.business}
            onChange={(event) => onChange({ ...value, business: event.target.value })}
          />
          <div id={`${id}-business-note`} className="mt-1 text-xs" data-note-for="business">
            <BusinessNote field={BUSINESS_FIELD} values={{ business: value.business }} />
          </div>
          {errors.business ? (
            <p id={`${id}-business-error`} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
              {errors.business}
            </p>
          ) : null}
        </div>
      ) : (
        <div data-field="companyAccount" className="max-w-md">
          <label htmlFor={`${id}-company`} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Company account
          </label>
          <select
            id={`${id}-company`}
            className={control}
            aria-invalid={errors.companyAccount ? true : undefined}
            value={value.companyAccount}
            onChange={(event) => onChange({ ...value, companyAccount: event.target.value })}
          >
            {COMPANY_TRANSFER_SOURCES.map((account) => (
              <option key={account} value={account}>
                {humanize(account)}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">No transfer fee is charged to a company account.</p>
          {errors.companyAccount ? (
            <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
              {errors.companyAccount}
            </p>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
