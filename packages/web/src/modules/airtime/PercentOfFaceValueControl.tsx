import type { FieldControlProps } from '../forms/FormParts';
import { PercentAsBasisPointsInput } from '../forms/PercentAsBasisPointsInput';

const HINT = {
  attribute: 'data-percent-hint',
  readable: 'Of the face value of each purchase; up to two decimals (1.5).',
  unreadable: 'A percentage with up to two decimals, e.g. 3 or 1.5.',
} as const;

/**
 * A discount or commission typed as a percentage of the face value (`3`, `1.5`) while the contract
 * takes basis points (300, 150): dealers quote rates, not hundredths of one. The form's own checks
 * (whole, 0 to 10,000, the commission within the discount) still name the field.
 */
export function PercentOfFaceValueControl({ value, onChange, attributes }: FieldControlProps) {
  return <PercentAsBasisPointsInput value={value} onChange={onChange} attributes={attributes} hint={HINT} />;
}
