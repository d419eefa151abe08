/** The crediting page of a business: `/new-wallet-crediting-portal/{id}/{email}` (spec §2). */
export function walletCreditPath(business: { id: number; email: string }): string {
  return `/new-wallet-crediting-portal/${business.id}/${encodeURIComponent(business.email)}`;
}
