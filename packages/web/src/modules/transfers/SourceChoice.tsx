import type { FieldControlProps } from '../forms/FormParts';

const CHOICES = [
  { value: 'wallet', label: "A merchant's wallet" },
  { value: 'company', label: 'A company account' },
] as const;

/** Where a transfer's money comes from, as two radio buttons (arrow keys move between them). */
export function SourceChoice({ field, value, onChange, attributes }: FieldControlProps) {
  const chosen = typeof value === 'string' && value !== '' ? value : 'wallet';
  const { id, 'data-autofocus': autofocus, ...rest } = attributes;
  return (
    <div
      id={id}
      role="radiogroup"
      aria-label={field.label}
      aria-describedby={rest['aria-describedby']}
      className="flex flex-wrap gap-x-4 gap-y-1"
      data-source-choice
    >
      {CHOICES.map((choice) => (
        <label key={choice.value} className="flex items-center gap-2">
          <input
            type="radio"
            name={rest.name}
            value={choice.value}
            checked={chosen === choice.value}
            onChange={() => onChange(choice.value)}
            {...(autofocus && chosen === choice.value ? { 'data-autofocus': true } : {})}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}
