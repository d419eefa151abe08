import type { FilterOption } from '../list/FilterOption';

/**
 * CBN codes of the commercial banks and the large microfinance banks merchants settle into, by
 * name, for the bank filters. A code missing here can still be asked for through the CLI or the URL
 * (`?bankCode=…`).
 */
export const CBN_BANKS: readonly FilterOption[] = [
  { value: '044', label: 'Access Bank' },
  { value: '063', label: 'Access Bank (Diamond)' },
  { value: '023', label: 'Citibank Nigeria' },
  { value: '050', label: 'Ecobank Nigeria' },
  { value: '070', label: 'Fidelity Bank' },
  { value: '011', label: 'First Bank of Nigeria' },
  { value: '214', label: 'First City Monument Bank' },
  { value: '058', label: 'Guaranty Trust Bank' },
  { value: '030', label: 'Heritage Bank' },
  { value: '301', label: 'Jaiz Bank' },
  { value: '082', label: 'Keystone Bank' },
  { value: '50515', label: 'Moniepoint Microfinance Bank' },
  { value: '999992', label: 'OPay' },
  { value: '999991', label: 'PalmPay' },
  { value: '526', label: 'Parallex Bank' },
  { value: '076', label: 'Polaris Bank' },
  { value: '101', label: 'Providus Bank' },
  { value: '221', label: 'Stanbic IBTC Bank' },
  { value: '068', label: 'Standard Chartered Bank' },
  { value: '232', label: 'Sterling Bank' },
  { value: '100', label: 'Suntrust Bank' },
  { value: '302', label: 'TAJ Bank' },
  { value: '102', label: 'Titan Trust Bank' },
  { value: '032', label: 'Union Bank of Nigeria' },
  { value: '033', label: 'United Bank for Africa' },
  { value: '215', label: 'Unity Bank' },
  { value: '566', label: 'VFD Microfinance Bank' },
  { value: '035', label: 'Wema Bank' },
  { value: '057', label: 'Zenith Bank' },
];

/** The bank filter of the account lists as a select of names instead of a typed code. */
export const BANK_FILTER_OPTIONS = { bankCode: CBN_BANKS } as const;
