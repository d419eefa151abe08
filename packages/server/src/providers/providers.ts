import type { Logger } from 'pino';
import type { EmailProvider } from './email/email-provider';
import { HttpEmailProvider } from './email/http-email';
import { SandboxEmailProvider } from './email/sandbox-email';

/** Third parties the back office talks to. */
export interface Providers {
  email: EmailProvider;
}

/** Sandbox providers unless the environment names real ones. */
export function providersFromEnv(env: NodeJS.ProcessEnv, logger: Logger): Providers {
  const email =
    env.TRACTION_EMAIL_PROVIDER === 'http'
      ? new HttpEmailProvider({
          url: required(env, 'TRACTION_EMAIL_URL'),
          apiKey: required(env, 'TRACTION_EMAIL_API_KEY'),
          from: env.TRACTION_EMAIL_FROM ?? 'Traction Admin <no-reply@traction.ng>',
        })
      : new SandboxEmailProvider(logger);
  return { email };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when TRACTION_EMAIL_PROVIDER=http`);
  return value;
}
