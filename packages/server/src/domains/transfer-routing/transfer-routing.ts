import { conflict, providerWords, routedBankWords } from '@traction/core';
import type { Db } from '../../db/connect';
import { TRANSFER_PROVIDER_NAMES, type TransferProviderName } from '../../providers/transfers/transfer-provider';
import { ALL_BANKS, readProviderStates, readRoutesFor, type StoredProviderState } from './transfer-routing.repository';

/** Where a new transfer goes, and why. */
export interface ChosenTransferProvider {
  provider: TransferProviderName;
  /** The provider the route names, when it was down and `provider` took over; null otherwise. */
  failedOverFrom: TransferProviderName | null;
  /** In words: "Providus Bank, the provider of all banks" or "VFD … is marked down: sent through Wema Bank". */
  reason: string;
}

/** Routed when no route was ever stored (the migration seeds this one for all banks). */
const DEFAULT_PROVIDER: TransferProviderName = 'providus';

/**
 * The provider a transfer routed to `routed` goes through while the providers in `down` are
 * down: `routed` itself when it is up, else the next one up in TRANSFER_PROVIDER_NAMES order
 * (wrapping round), or null when every one is down.
 */
export function sendsThrough(routed: TransferProviderName, down: ReadonlySet<TransferProviderName>): TransferProviderName | null {
  const start = TRANSFER_PROVIDER_NAMES.indexOf(routed);
  for (let step = 0; step < TRANSFER_PROVIDER_NAMES.length; step += 1) {
    const candidate = TRANSFER_PROVIDER_NAMES[(start + step) % TRANSFER_PROVIDER_NAMES.length]!;
    if (!down.has(candidate)) return candidate;
  }
  return null;
}

/**
 * The provider a NEW transfer to the bank with this CBN code goes through: the bank's own route,
 * else the route of all banks; if an admin marked that provider down, the next one up. A transfer
 * already sent keeps the provider stored on it (its re-queries must ask the one that has it).
 * Every provider down: 409 `no_provider`, and nothing should be sent.
 * Reads through `db`, so a caller's transaction sees its own changes.
 */
export async function chooseTransferProvider(db: Db, bankCode: string): Promise<ChosenTransferProvider> {
  const routes = await readRoutesFor(db, bankCode);
  const own = routes.find((route) => route.bankCode === bankCode);
  const routed = own?.provider ?? routes.find((route) => route.bankCode === ALL_BANKS)?.provider ?? DEFAULT_PROVIDER;
  const states = await readProviderStates(db);
  const down = new Set(states.filter((state) => state.down).map((state) => state.provider));
  const because = own ? `the provider of ${routedBankWords(bankCode)}` : 'the provider of all banks';
  const provider = sendsThrough(routed, down);
  if (provider === null) {
    throw conflict(
      `Every funds-transfer provider (${TRANSFER_PROVIDER_NAMES.map(providerWords).join(', ')}) is marked down: nothing can be sent until one is marked up on the Funds Transfer Provider Portal.`,
      { reason: 'no_provider' },
    );
  }
  if (provider === routed) return { provider, failedOverFrom: null, reason: `${providerWords(provider)}, ${because}` };
  const why = states.find((state) => state.provider === routed)?.reason;
  return {
    provider,
    failedOverFrom: routed,
    reason: `${providerWords(routed)}, ${because}, is marked down${why ? ` (${why})` : ''}: sent through ${providerWords(provider)}`,
  };
}

/** Each provider, up or down as an admin marked it, in TRANSFER_PROVIDER_NAMES order. */
export async function providerHealth(db: Db): Promise<StoredProviderState[]> {
  const states = await readProviderStates(db);
  return TRANSFER_PROVIDER_NAMES.map(
    (provider) => states.find((state) => state.provider === provider) ?? { provider, down: false, reason: null, changedAt: null, changedBy: null },
  );
}
