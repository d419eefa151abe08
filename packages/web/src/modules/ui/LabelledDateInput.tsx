import { DateInput } from './DateInput';
import { fieldControlClass } from './TextField';

/** A day box under its small label (a page's From and To): typed freely (`7d`, `yesterday`, `01/11/2026`), committed as a day or nothing. */
export function LabelledDateInput({
  label,
  value,
  onCommit,
  placeholder,
}: {
  label: string;
  value: string;
  onCommit: (day: string | null) => void;
  placeholder: string;
}) {
  return (
    <div className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
      <span aria-hidden="true">{label}</span>
      <DateInput aria-label={label} value={value} onCommit={onCommit} className={`${fieldControlClass} mt-1 w-36`} placeholder={placeholder} />
    </div>
  );
}
