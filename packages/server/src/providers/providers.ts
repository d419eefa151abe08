import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../db/connect';
import type { BankProviders } from './banks/bank-provider';
import { banksFromEnv } from './banks/banks-from-env';
import { SandboxBank } from './banks/sandbox-bank';
import type { EmailProvider } from './email/email-provider';
import { HttpEmailProvider } from './email/http-email';
import { SandboxEmailProvider } from './email/sandbox-email';
import type { FileStore } from './files/file-store';
import { LocalFileStore } from './files/local-file-store';
import type { HelpDesk } from './help-desk/help-desk-provider';
import { helpDeskFromEnv } from './help-desk/sandbox-help-desk';
import type { LoanBookExporter } from './loan-books/loan-book-exporter';
import { loanBookFromEnv } from './loan-books/sandbox-loan-book';
import type { MarketingListProvider } from './marketing/marketing-list-provider';
import { marketingListFromEnv } from './marketing/sandbox-marketing-list';
import type { SmsProvider } from './sms/sms-provider';
import { smsFromEnv } from './sms/sandbox-sms';
import { SandboxTransferProvider } from './transfers/sandbox-transfer-provider';
import type { TransferProviders } from './transfers/transfer-provider';
import { transferProvidersFromEnv } from './transfers/transfer-providers-from-env';

/** Third parties the back office talks to. */
export interface Providers {
  email: EmailProvider;
  /** Uploaded documents' bytes. */
  files: FileStore;
  /** Wema, VFD and Providus: name enquiry, statements, virtual accounts, notification re-push. */
  banks: BankProviders;
  /** Providus, VFD and Wema as NIP funds-transfer providers: name enquiry, balance, transfer, status. */
  transfers: TransferProviders;
  /** The loan-management system's import (Loandisk): deductions taken, in its repayment format. */
  loanBook: LoanBookExporter;
  /** The email-marketing service's contact list (Sendinblue, now Brevo). */
  marketing: MarketingListProvider;
  /** The SMS gateway broadcasts go through. */
  sms: SmsProvider;
  /** The help desk support requests are sent on to (Zoho Desk). */
  helpDesk: HelpDesk;
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
  const transfers = transferProvidersFromEnv(env, db);
  // Only a sandbox so far: it writes the file an operator uploads to Loandisk, which is the whole exchange.
  const loanBook = loanBookFromEnv(env);
  // Only a sandbox so far, as the loan book: TRACTION_SANDBOX_MARKETING=outage starts it down.
  const marketing = marketingListFromEnv(env);
  // Only a sandbox so far, as the loan book: TRACTION_SANDBOX_SMS=outage starts it down.
  const sms = smsFromEnv(env);
  // Only a sandbox so far, as the loan book: TRACTION_SANDBOX_HELP_DESK=outage starts it down.
  const helpDesk = helpDeskFromEnv(env);
  return { email, files, banks, transfers, loanBook, marketing, sms, helpDesk };
}

/** A provider kind that can be a sandbox. */
export type SandboxKind = 'email' | 'banks' | 'transfers';

/**
 * The kinds served by sandboxes. The sandbox mailer prints device codes and links to the log and
 * keeps them in a readable mailbox; the sandbox banks invent answers. Neither belongs on a server
 * real admins use.
 */
export function sandboxProviders(providers: Providers): SandboxKind[] {
  const kinds: SandboxKind[] = [];
  if (providers.email instanceof SandboxEmailProvider) kinds.push('email');
  if (Object.values(providers.banks).some((bank) => bank instanceof SandboxBank)) kinds.push('banks');
  if (Object.values(providers.transfers).some((provider) => provider instanceof SandboxTransferProvider)) kinds.push('transfers');
  return kinds;
}

/**
 * Refuses to run sandboxes with `NODE_ENV=production` unless `TRACTION_ALLOW_SANDBOX=true` (a
 * demo or staging server): a production server left without TRACTION_EMAIL_PROVIDER would
 * otherwise print every admin's sign-in codes to its log.
 */
export function refuseSandboxInProduction(env: NodeJS.ProcessEnv, providers: Providers): void {
  if (env.NODE_ENV !== 'production' || env.TRACTION_ALLOW_SANDBOX === 'true') return;
  const kinds = sandboxProviders(providers);
  if (kinds.length === 0) return;
  const fixes = kinds.map((kind) =>
    kind === 'email'
      ? 'TRACTION_EMAIL_PROVIDER=http with TRACTION_EMAIL_URL and TRACTION_EMAIL_API_KEY'
      : kind === 'banks'
        ? 'TRACTION_BANKS=http with TRACTION_{WEMA,VFD,PROVIDUS}_URL and _API_KEY'
        : 'TRACTION_TRANSFER_PROVIDERS=http with TRACTION_TRANSFER_{PROVIDUS,VFD,WEMA}_URL and _API_KEY',
  );
  throw new Error(
    `NODE_ENV=production but the ${sandboxKindWords(kinds)} provider${kinds.length > 1 ? 's are sandboxes' : ' is a sandbox'}. ` +
      `Set ${fixes.join(', and ')}; or set TRACTION_ALLOW_SANDBOX=true to run the sandbox${kinds.length > 1 ? 'es' : ''} anyway (a demo or staging server).`,
  );
}

/** "email", "email and banks", "email, banks and transfers". */
export function sandboxKindWords(kinds: readonly SandboxKind[]): string {
  return kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : (kinds[0] ?? '');
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when TRACTION_EMAIL_PROVIDER=http`);
  return value;
}
