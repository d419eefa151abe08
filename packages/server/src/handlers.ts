import { adminImplementations } from './domains/admins/index';
import { auditImplementations } from './domains/audit/index';
import { authImplementations } from './domains/auth/index';
import { merchantImplementations } from './domains/merchants/index';
import { kycImplementations } from './domains/kyc/index';
import { locationImplementations } from './domains/location/index';
import { riskImplementations } from './domains/risk/index';
import { ledgerImplementations } from './domains/ledger/index';
import { reversalImplementations } from './domains/reversals/index';
import { walletSettingsImplementations } from './domains/wallet-settings/index';
import { viewImplementations } from './domains/views/index';
import { clientErrorImplementations } from './domains/client-errors/index';
import type { Implementation } from './handling/implement';

/** Every command's implementation, each domain's from its public face. A test checks this covers the whole registry. */
export const implementations: readonly Implementation[] = [
  ...authImplementations,
  ...adminImplementations,
  ...auditImplementations,
  ...locationImplementations,
  ...merchantImplementations,
  ...kycImplementations,
  ...riskImplementations,
  ...ledgerImplementations,
  ...reversalImplementations,
  ...walletSettingsImplementations,
  ...viewImplementations,
  ...clientErrorImplementations,
];
