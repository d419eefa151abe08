import { formatNaira, previewAmount, reverseWalletTransaction, type MoneyPreview } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useCallback, useRef, useState } from 'react';
import { client } from '../../app/client';

/** What one reference's reversal would do, or why it would be refused, from the server's preview. */
export type ReversalPreview = { state: 'loading' } | { state: 'ready'; preview: MoneyPreview; summary: string } | { state: 'refused'; message: string };

/** "₦425.00: Wallet of Mama Put ₦575.00 → ₦1,000.00". */
function summaryOf(preview: MoneyPreview): string {
  const wallets = preview.balances.map((balance) => `${balance.name} ${formatNaira(balance.before)} → ${formatNaira(balance.after)}`);
  return `${formatNaira(previewAmount(preview))}${wallets.length ? `: ${wallets.join('; ')}` : ''}`;
}

/**
 * Previews the reversal of each reference (nothing posted), four at a time, so the confirmation
 * shows what each would move and the total; the tokens then make each reversal post only as
 * previewed.
 */
export function useReversalPreviews() {
  const [previews, setPreviews] = useState<ReadonlyMap<string, ReversalPreview>>(new Map());
  const generation = useRef(0);

  const load = useCallback(async (references: readonly string[], reason: string) => {
    const mine = ++generation.current;
    setPreviews(new Map(references.map((reference) => [reference, { state: 'loading' }])));
    const set = (reference: string, value: ReversalPreview) => {
      if (generation.current === mine) setPreviews((current) => new Map(current).set(reference, value));
    };
    let next = 0;
    const work = async () => {
      while (next < references.length) {
        const reference = references[next++]!;
        try {
          const preview = await client.preview(reverseWalletTransaction, { TransactionReference: reference, reason });
          set(reference, { state: 'ready', preview, summary: summaryOf(preview) });
        } catch (error) {
          set(reference, { state: 'refused', message: error instanceof ClientError ? error.userMessage : String(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, references.length) }, work));
  }, []);

  const clear = useCallback(() => {
    generation.current += 1;
    setPreviews(new Map());
  }, []);

  return { previews, load, clear };
}
