import { TRANSFER_ORIGINS, TRANSFER_PROVIDERS, TRANSFER_STATUS_WORDS, TRANSFER_STATUSES, type TransferStatus } from '@traction/core';
import { useMemo } from 'react';
import type { FilterOption } from '../list/FilterOption';
import { humanize } from '../ui/humanize';
import { TRANSFER_ORIGIN_WORDS } from './transferOriginWords';
import { useBanks } from './useBanks';

/** The filters of the transfer lists in words: statuses as people say them, banks by name. `statuses` narrows the status choices (the Retry Portal's two). */
export function useTransferFilterOptions(statuses: readonly TransferStatus[] = TRANSFER_STATUSES): Readonly<Record<string, readonly FilterOption[]>> {
  const banks = useBanks();
  return useMemo(
    () => ({
      status: statuses.map((status) => ({ value: status, label: TRANSFER_STATUS_WORDS[status] })),
      origin: TRANSFER_ORIGINS.map((origin) => ({ value: origin, label: TRANSFER_ORIGIN_WORDS[origin] })),
      provider: TRANSFER_PROVIDERS.map((provider) => ({ value: provider, label: humanize(provider) })),
      bankCode: banks.map((bank) => ({ value: bank.cbnCode, label: bank.name })),
    }),
    [banks, statuses],
  );
}
