import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../db/connect';
import type { BankProviders } from './banks/bank-provider';
import { banksFromEnv } from './banks/banks-from-env';
import type { EmailProvider } from './email/email-provider';
import { HttpEmailProvider } from './email/http-email';
import { SandboxEmailProvider } from './email/sandbox-email';
import type { FileStore } from './files/file-store';
import { LocalFileStore } from './files/local-file-store';

/** Third parties the back office talks to. */
export interface Providers {
  email: EmailProvider;
  /** Uploaded documents' bytes. */
  files: FileStore;
  /** Wema, VFD and Providus: name enquiry, statements, virtual accounts, notification re-push. */
  banks: BankProviders;
}

/** Sandbox providers unless the environment names real ones. */
export function providersFromEnv(env: NodeJS.ProcessEnv, logger: Logger, db?: Db): Providers {
  const email =
    env.TRACTION_EMAIL_PROVIDER === 'http'
      ? new HttpEmailProvider({
          url: required(env, 'TRACTION_EMAIL_URL'),
          apiKey: required(env, 'TRACTION_EMAIL_API_KEY'),
          from: env.TRACTION_EMAIL_FROM ?? 'Traction Admin <no-reply@traction.ng>',
        })
      : new SandboxEmailProvider(logger);
  // Beside the embedded database by default (main.ts reads TRACTION_DATA_DIR the same way).
  const files = new LocalFileStore(env.TRACTION_UPLOAD_DIR ?? join(env.TRACTION_DATA_DIR ?? '.traction', 'uploads'));
  const banks = banksFromEnv(env, db);
  return { email, files, banks };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when TRACTION_EMAIL_PROVIDER=http`);
  return value;
}
