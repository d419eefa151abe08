import { listTransferBanks, NIGERIAN_BANKS } from '@traction/core';
import { useCommandQuery } from '../list/useCommandQuery';

/**
 * The banks transfers can reach, as the server lists them; core's list meanwhile (and for admins
 * who may send but not view transfers), which is what the server answers from today.
 */
export function useBanks() {
  const listed = useCommandQuery(listTransferBanks, {});
  return listed.data?.items ?? NIGERIAN_BANKS;
}
