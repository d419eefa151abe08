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
import { httpHelpDeskFromEnv } from './help-desk/http-help-desk';
import { helpDeskFromEnv, SandboxHelpDesk } from './help-desk/sandbox-help-desk';
import type { LoanBookExporter } from './loan-books/loan-book-exporter';
import { loanBookFromEnv } from './loan-books/sandbox-loan-book';
import { httpMarketingListFromEnv } from './marketing/http-marketing-list';
import type { MarketingListProvider } from './marketing/marketing-list-provider';
import { marketingListFromEnv, SandboxMarketingList } from './marketing/sandbox-marketing-list';
import { httpSmsFromEnv } from './sms/http-sms';
import { SandboxSmsGateway, smsFromEnv } from './sms/sandbox-sms';
import type { SmsProvider } from './sms/sms-provider';
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
  // Brevo with TRACTION_MARKETING_PROVIDER=http; else the sandbox (TRACTION_SANDBOX_MARKETING=outage starts it down).
  const marketing = env.TRACTION_MARKETING_PROVIDER === 'http' ? httpMarketingListFromEnv(env) : marketingListFromEnv(env);
  // Termii's shape with TRACTION_SMS_PROVIDER=http; else the sandbox (TRACTION_SANDBOX_SMS=outage starts it down).
  const sms = env.TRACTION_SMS_PROVIDER === 'http' ? httpSmsFromEnv(env) : smsFromEnv(env);
  // Zoho Desk with TRACTION_HELP_DESK_PROVIDER=http; else the sandbox (TRACTION_SANDBOX_HELP_DESK=outage starts it down).
  const helpDesk = env.TRACTION_HELP_DESK_PROVIDER === 'http' ? httpHelpDeskFromEnv(env) : helpDeskFromEnv(env);
  return { email, files, banks, transfers, loanBook, marketing, sms, helpDesk };
}

/** A provider kind that can be a sandbox. */
export type SandboxKind = 'email' | 'banks' | 'transfers' | 'sms' | 'marketing' | 'helpDesk';

/**
 * The kinds served by sandboxes. The sandbox mailer prints device codes and links to the log and
 * keeps them in a readable mailbox; the sandbox banks invent answers; the sandbox SMS gateway,
 * marketing list and help desk take broadcasts, contacts and support requests and send them
 * nowhere. None belongs on a server real admins use.
 */
export function sandboxProviders(providers: Providers): SandboxKind[] {
  const kinds: SandboxKind[] = [];
  if (providers.email instanceof SandboxEmailProvider) kinds.push('email');
  if (Object.values(providers.banks).some((bank) => bank instanceof SandboxBank)) kinds.push('banks');
  if (Object.values(providers.transfers).some((provider) => provider instanceof SandboxTransferProvider)) kinds.push('transfers');
  if (providers.sms instanceof SandboxSmsGateway) kinds.push('sms');
  if (providers.marketing instanceof SandboxMarketingList) kinds.push('marketing');
  if (providers.helpDesk instanceof SandboxHelpDesk) kinds.push('helpDesk');
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
  const fixes = kinds.map((kind) => SANDBOX_FIXES[kind]);
  throw new Error(
    `NODE_ENV=production but the ${sandboxKindWords(kinds)} provider${kinds.length > 1 ? 's are sandboxes' : ' is a sandbox'}. ` +
      `Set ${fixes.join(', and ')}; or set TRACTION_ALLOW_SANDBOX=true to run the sandbox${kinds.length > 1 ? 'es' : ''} anyway (a demo or staging server).`,
  );
}

/** The variables that put a real provider in place of each sandbox. */
const SANDBOX_FIXES: Readonly<Record<SandboxKind, string>> = {
  email: 'TRACTION_EMAIL_PROVIDER=http with TRACTION_EMAIL_URL and TRACTION_EMAIL_API_KEY',
  banks: 'TRACTION_BANKS=http with TRACTION_{WEMA,VFD,PROVIDUS}_URL and _API_KEY',
  transfers: 'TRACTION_TRANSFER_PROVIDERS=http with TRACTION_TRANSFER_{PROVIDUS,VFD,WEMA}_URL and _API_KEY',
  sms: 'TRACTION_SMS_PROVIDER=http with TRACTION_SMS_URL, TRACTION_SMS_API_KEY and TRACTION_SMS_SENDER',
  marketing: 'TRACTION_MARKETING_PROVIDER=http with TRACTION_MARKETING_API_KEY and TRACTION_MARKETING_LIST_ID',
  helpDesk:
    'TRACTION_HELP_DESK_PROVIDER=http with TRACTION_HELP_DESK_URL, TRACTION_HELP_DESK_TOKEN, TRACTION_HELP_DESK_ORG_ID and TRACTION_HELP_DESK_DEPARTMENT_ID',
};

/** Each kind as a sentence names it. */
const SANDBOX_KIND_WORDS: Readonly<Record<SandboxKind, string>> = {
  email: 'email',
  banks: 'banks',
  transfers: 'transfers',
  sms: 'SMS',
  marketing: 'marketing list',
  helpDesk: 'help desk',
};

/** "email", "email and banks", "email, banks and transfers". */
export function sandboxKindWords(kinds: readonly SandboxKind[]): string {
  const words = kinds.map((kind) => SANDBOX_KIND_WORDS[kind]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when TRACTION_EMAIL_PROVIDER=http`);
  return value;
}
