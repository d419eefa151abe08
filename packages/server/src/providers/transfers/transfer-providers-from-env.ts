import type { Db } from '../../db/connect';
import { httpTransferProviders } from './http-transfer-provider';
import { sandboxTransferOptionsFromEnv, sandboxTransferProviders } from './sandbox-transfer-provider';
import type { TransferProviders } from './transfer-provider';

/**
 * Sandbox providers unless `TRACTION_TRANSFER_PROVIDERS=http`, which needs for each provider
 * `TRACTION_TRANSFER_<NAME>_URL` and `TRACTION_TRANSFER_<NAME>_API_KEY` (NAME: PROVIDUS, VFD,
 * WEMA). `TRACTION_TRANSFER_TIMEOUT_MS` bounds every call (default 30,000). The sandboxes keep
 * what they receive in the database and take their failure rates from `TRACTION_SANDBOX_TRANSFERS`
 * (sandbox-transfer-provider.ts).
 */
export function transferProvidersFromEnv(env: NodeJS.ProcessEnv, db?: Db): TransferProviders {
  const timeout = Number(env.TRACTION_TRANSFER_TIMEOUT_MS);
  const timeoutMs = Number.isInteger(timeout) && timeout > 0 ? timeout : undefined;
  if (env.TRACTION_TRANSFER_PROVIDERS === 'http') {
    const provider = (name: string) => ({
      url: required(env, `TRACTION_TRANSFER_${name}_URL`),
      apiKey: required(env, `TRACTION_TRANSFER_${name}_API_KEY`),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    return httpTransferProviders({ providus: provider('PROVIDUS'), vfd: provider('VFD'), wema: provider('WEMA') });
  }
  if (!db) throw new Error('The sandbox transfer providers keep what they receive in the database: open it first, or set TRACTION_TRANSFER_PROVIDERS=http');
  return sandboxTransferProviders(db, { ...(timeoutMs ? { timeoutMs } : {}), ...sandboxTransferOptionsFromEnv(env.TRACTION_SANDBOX_TRANSFERS) });
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when TRACTION_TRANSFER_PROVIDERS=http`);
  return value;
}
