import type { AnyCommand } from '../../command';
import { assignPricingBand, assignPricingBandBulk, createPricingBand, listBandMerchants, listPricingBands, updatePricingBand } from './pricing-bands';

export * from './pricing-bands';

export const pricingBandCommands = [
  listPricingBands,
  createPricingBand,
  updatePricingBand,
  listBandMerchants,
  assignPricingBand,
  assignPricingBandBulk,
] as const satisfies readonly AnyCommand[];
