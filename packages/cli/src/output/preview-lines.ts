import { formatNaira, type MoneyPreview, transferKindWords } from '@traction/core';

/** A money command's preview as lines: each transfer, then each wallet's balance before and after. */
export function previewLines(preview: MoneyPreview): string[] {
  const lines = ['Would post:'];
  for (const transfer of preview.transfers) {
    const part = transfer.partOf ? ` (with ${transfer.partOf})` : '';
    lines.push(`  ${formatNaira(transfer.amount)}  ${transfer.from} → ${transfer.to}  ${transferKindWords(transfer.kind)} ${transfer.reference}${part}`);
  }
  if (preview.balances.length) {
    lines.push('Balances after:');
    for (const balance of preview.balances) lines.push(`  ${balance.name}: ${formatNaira(balance.before)} → ${formatNaira(balance.after)}`);
  }
  lines.push(`Preview token: ${preview.token} (pass --if-match ${preview.token} to post exactly this, refused if the accounts have moved since)`);
  return lines;
}
