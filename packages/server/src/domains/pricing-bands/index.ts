import type { Implementation } from '../../handling/implement';
import {
  assignPricingBandBulkHandler,
  assignPricingBandHandler,
  createPricingBandHandler,
  listBandMerchantsHandler,
  listPricingBandsHandler,
  updatePricingBandHandler,
} from './pricing-bands.handlers';

/** Pricing bands (docs/decisions.md "Pricing bands"): what merchants are charged, and who is on which band. */
export const pricingBandImplementations: readonly Implementation[] = [
  listPricingBandsHandler,
  createPricingBandHandler,
  updatePricingBandHandler,
  listBandMerchantsHandler,
  assignPricingBandHandler,
  assignPricingBandBulkHandler,
];
