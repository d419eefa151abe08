import type { Db } from '../../db/connect';
import type { BankProviders } from './bank-provider';
import { fixedAccountDirectory } from './fixed-account-directory';
import { httpBanks } from './http-bank';
import { sandboxBanks } from './sandbox-bank';

/**
 * Sandbox banks unless `TRACTION_BANKS=http`, which needs for each bank `TRACTION_<BANK>_URL`
 * and `TRACTION_<BANK>_API_KEY` (BANK: WEMA, VFD, PROVIDUS). `TRACTION_BANK_TIMEOUT_MS` bounds
 * every call (default 10,000). The sandbox reads our fixed accounts as the bank's register.
 */
export function banksFromEnv(env: NodeJS.ProcessEnv, db?: Db): BankProviders {
  const timeout = Number(env.TRACTION_BANK_TIMEOUT_MS);
  const timeoutMs = Number.isInteger(timeout) && timeout > 0 ? timeout : 10_000;
  if (env.TRACTION_BANKS !== 'http') return sandboxBanks({ timeoutMs, ...(db ? { directory: fixedAccountDirectory(db) } : {}) });
  const bank = (name: string) => ({ url: required(env, `TRACTION_${name}_URL`), apiKey: required(env, `TRACTION_${name}_API_KEY`), timeoutMs });
  return httpBanks({ wema: bank('WEMA'), vfd: bank('VFD'), providus: bank('PROVIDUS') });
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when TRACTION_BANKS=http`);
  return value;
}
