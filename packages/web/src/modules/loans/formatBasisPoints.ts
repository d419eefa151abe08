/** Basis points as the rate people quote: 500 → `5%`, 250 → `2.5%`, 1 → `0.01%`. */
export const formatBasisPoints = (bps: number): string => `${(bps / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;
