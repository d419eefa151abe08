import type { PaymentChannel } from './payment-facts';

/**
 * What a pricing band charges on one channel: a percentage (in basis points: 50 = 0.50%) plus a
 * flat fee, capped. Whole kobo throughout; the percentage rounds half up, as the processors'
 * settlement reports do.
 */
export interface ChannelCharge {
  percentBps: number;
  flatKobo: bigint;
  /** null: no cap. */
  capKobo: bigint | null;
}

export function chargeFor(charge: ChannelCharge | undefined, amountKobo: bigint): bigint {
  if (!charge) return 0n;
  const percent = (amountKobo * BigInt(charge.percentBps) + 5_000n) / 10_000n;
  const total = percent + charge.flatKobo;
  const capped = charge.capKobo !== null && total > charge.capKobo ? charge.capKobo : total;
  return capped > amountKobo ? amountKobo : capped;
}

/** "0.50% + ₦10, capped at ₦100", for a band's summary. */
export function chargeWords(charge: ChannelCharge, naira: (kobo: bigint) => string): string {
  const parts: string[] = [];
  if (charge.percentBps > 0) parts.push(`${(charge.percentBps / 100).toFixed(2)}%`);
  if (charge.flatKobo > 0n) parts.push(naira(charge.flatKobo));
  const base = parts.length ? parts.join(' + ') : 'Free';
  return charge.capKobo !== null && parts.length ? `${base}, capped at ${naira(charge.capKobo)}` : base;
}

export type BandCharges = Partial<Record<PaymentChannel, ChannelCharge>>;
