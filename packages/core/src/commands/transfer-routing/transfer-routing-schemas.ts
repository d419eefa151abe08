import { z } from 'zod';
import { bankByCbnCode } from '../../banks/nigerian-banks';
import { timestamp } from '../../schemas/common';
import { said } from '../audit/audit-description';
import { transferProviderField } from '../transfers/transfer-schemas';

/** How people name each provider: they are also the banks whose floats we hold. */
export const TRANSFER_PROVIDER_WORDS = {
  providus: 'Providus Bank',
  vfd: 'VFD Microfinance Bank',
  wema: 'Wema Bank',
} as const satisfies Record<z.infer<typeof transferProviderField>, string>;

/** A provider's name in a sentence ("VFD Microfinance Bank"), or what was sent when it is none. */
export function providerWords(value: unknown): string {
  const text = said(value);
  return text in TRANSFER_PROVIDER_WORDS ? TRANSFER_PROVIDER_WORDS[text as keyof typeof TRANSFER_PROVIDER_WORDS] : text || 'a provider';
}

/** A bank by its CBN code in a sentence ("GTBank (058)"), or "all banks" when there is none. */
export function routedBankWords(bankCode: unknown): string {
  const code = said(bankCode);
  if (code === '') return 'all banks';
  const bank = bankByCbnCode(code);
  return bank ? `${bank.shortName} (${code})` : `bank ${code}`;
}

/**
 * The switches that carry card (POS) transactions from our terminals to the card schemes: NIBSS's
 * PTSP switch, Interswitch and Unified Payments. One is active at a time.
 */
export const SWITCHING_MIDDLEWARES = ['NIBSS_PTSP', 'INTERSWITCH', 'UPSL'] as const;
export type SwitchingMiddleware = (typeof SWITCHING_MIDDLEWARES)[number];
export const switchingMiddlewareField = z.enum(SWITCHING_MIDDLEWARES).meta({ label: 'Switching middleware' });

export const SWITCHING_MIDDLEWARE_WORDS: Readonly<Record<SwitchingMiddleware, string>> = {
  NIBSS_PTSP: 'NIBSS PTSP',
  INTERSWITCH: 'Interswitch',
  UPSL: 'Unified Payments (UPSL)',
};

export function middlewareWords(value: unknown): string {
  const text = said(value);
  return text in SWITCHING_MIDDLEWARE_WORDS ? SWITCHING_MIDDLEWARE_WORDS[text as SwitchingMiddleware] : text || 'a middleware';
}

/** Who last changed a setting, when and why; all null for a setting never changed since it was seeded. */
const changeFields = {
  reason: z.string().nullable(),
  changedAt: timestamp.nullable(),
  /** The admin's email. */
  changedBy: z.string().nullable(),
};

/** A provider as the Provider Portal shows it. */
export const transferProviderState = z.object({
  provider: transferProviderField,
  /** "Providus Bank". */
  name: z.string(),
  /** A sandbox invents answers; http calls the provider. */
  mode: z.enum(['sandbox', 'http']),
  /** Marked down by an admin: new transfers routed to it go to the next provider that is up. */
  down: z.boolean(),
  /** The sandbox's outage switch (every call fails as unavailable); null for a real provider. */
  sandboxOutage: z.boolean().nullable(),
  ...changeFields,
});
export type TransferProviderState = z.infer<typeof transferProviderState>;

/** The route of all banks (bankCode null) or of one bank. */
export const transferRoute = z.object({
  /** The bank's CBN code; null for the route of all banks. */
  bankCode: z.string().nullable(),
  /** "GTBank (058)" or "All banks". */
  bankName: z.string(),
  provider: transferProviderField,
  /** Where a new transfer goes now: the provider, the next one up while it is down, or null when every provider is down. */
  sendsThrough: transferProviderField.nullable(),
  ...changeFields,
});
export type TransferRoute = z.infer<typeof transferRoute>;

/** The Provider Portal: the providers, the route of all banks and the banks routed elsewhere. */
export const transferRoutingOverview = z.object({
  providers: z.array(transferProviderState),
  routeForAll: transferRoute,
  bankRoutes: z.array(transferRoute),
});

/** The active switching middleware and when it was chosen. */
export const switchingMiddlewareState = z.object({
  middleware: switchingMiddlewareField,
  name: z.string(),
  /** Every middleware that may be chosen, with its name. */
  options: z.array(z.object({ middleware: switchingMiddlewareField, name: z.string() })),
  ...changeFields,
});

/** One change of a route, a provider's state or the switching middleware. */
export const routingChangeRow = z.object({
  id: z.number().int(),
  /** What changed, in words: "Route of all banks", "VFD Microfinance Bank", "Switching middleware". */
  subject: z.string(),
  /** Before and after, in words ("Providus Bank", "down", "Interswitch"); from is null for a new bank route. */
  from: z.string().nullable(),
  to: z.string(),
  reason: z.string(),
  changedBy: z.string().nullable(),
  changedAt: timestamp,
});
export type RoutingChangeRow = z.infer<typeof routingChangeRow>;
