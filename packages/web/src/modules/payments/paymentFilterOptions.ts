import {
  CARD_SCHEME_WORDS,
  CARD_SCHEMES,
  NIGERIAN_BANKS,
  PAYMENT_CHANNEL_WORDS,
  PAYMENT_CHANNELS,
  PAYMENT_SETTLEMENT_STATES,
  PAYMENT_SETTLEMENT_WORDS,
  PAYMENT_STATUS_WORDS,
  PAYMENT_STATUSES,
  PROCESSOR_ROUTES,
} from '@traction/core';
import type { FilterOption } from '../list/FilterOption';

/** The payment log filters' choices in words: routes and banks by name, statuses as people say them. */
export const PAYMENT_FILTER_OPTIONS: Readonly<Record<string, readonly FilterOption[]>> = {
  status: PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_WORDS[status] })),
  channel: PAYMENT_CHANNELS.map((channel) => ({ value: channel, label: PAYMENT_CHANNEL_WORDS[channel] })),
  route: PROCESSOR_ROUTES.map((route) => ({ value: route.id, label: route.name })),
  bank: NIGERIAN_BANKS.map((bank) => ({ value: bank.cbnCode, label: bank.name })),
  scheme: CARD_SCHEMES.map((scheme) => ({ value: scheme, label: CARD_SCHEME_WORDS[scheme] })),
  settlement: PAYMENT_SETTLEMENT_STATES.map((state) => ({ value: state, label: PAYMENT_SETTLEMENT_WORDS[state] })),
};
