import type { CommandOutput, clientErrorSettings } from '@traction/core';
import type { ErrorReporter } from './ErrorReporter';
import { serverErrorReporter } from './serverErrorReporter';

/**
 * The reporter the server's settings name, but only on a page served from the production admin
 * host (spec §8): a laptop, a staging copy or a demo never reports.
 */
export function chooseErrorReporter(settings: CommandOutput<typeof clientErrorSettings>, pageHost: string): ErrorReporter | null {
  if (!settings.productionHost || pageHost.toLowerCase() !== settings.productionHost.toLowerCase()) return null;
  switch (settings.reporter) {
    case 'server':
      return serverErrorReporter;
    case 'off':
      return null;
  }
}
