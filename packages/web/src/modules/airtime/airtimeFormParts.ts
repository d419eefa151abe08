import type { FormParts } from '../forms/FormParts';
import { PercentOfFaceValueControl } from './PercentOfFaceValueControl';

/** The rate forms (create and change): the discount and commission typed as percentages. */
export const AIRTIME_RATE_PARTS: FormParts = {
  labels: { companyDiscountBps: 'Company discount (%)', merchantCommissionBps: 'Merchant commission (%)' },
  controls: { companyDiscountBps: PercentOfFaceValueControl, merchantCommissionBps: PercentOfFaceValueControl },
};
