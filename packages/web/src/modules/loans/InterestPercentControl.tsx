import type { FieldControlProps } from '../forms/FormParts';
import { PercentAsBasisPointsInput } from '../forms/PercentAsBasisPointsInput';

const HINT = {
  attribute: 'data-interest-hint',
  readable: 'Flat, on the principal, over the whole loan; up to two decimals (2.5).',
  unreadable: 'A percentage with up to two decimals, e.g. 5 or 2.5.',
} as const;

/**
 * The loan's interest typed as a percentage (`5`, `2.5`) while the contract takes basis points
 * (500, 250). The form's own check (whole, at most 10,000) still names the field.
 */
export function InterestPercentControl({ value, onChange, attributes }: FieldControlProps) {
  return <PercentAsBasisPointsInput value={value} onChange={onChange} attributes={attributes} hint={HINT} />;
}
