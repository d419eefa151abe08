import TextInput from 'ink-text-input';

export interface PromptFieldProps {
  value: string;
  onChange(value: string): void;
  onSubmit(value: string): void;
  mask?: string;
  placeholder?: string;
}

/**
 * A one-line text field. Text pasted with a line break (a password copied from a manager, keys
 * arriving in one burst) is submitted at the break rather than kept as characters.
 */
export function PromptField({ value, onChange, onSubmit, mask, placeholder }: PromptFieldProps) {
  return (
    <TextInput
      value={value}
      {...(mask ? { mask } : {})}
      {...(placeholder ? { placeholder } : {})}
      onSubmit={onSubmit}
      onChange={(next) => {
        const lineBreak = next.search(/[\r\n]/);
        if (lineBreak < 0) return onChange(next);
        const text = next.slice(0, lineBreak);
        onChange(text);
        onSubmit(text);
      }}
    />
  );
}
