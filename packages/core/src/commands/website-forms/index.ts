import type { AnyCommand } from '../../command';
import {
  assignWebsiteForm,
  getWebsiteForm,
  getWebsiteFormEvidence,
  listWebsiteForms,
  replyToWebsiteForm,
  resolveWebsiteForm,
  submitChargeback,
  submitSupportRequest,
} from './website-forms';

export * from './website-forms';
export * from '../../website-forms/website-form-facts';

/** The public forms (chargeback, support) and the Website Forms work queue. In the order the palette and CLI help list them. */
export const websiteFormCommands = [
  listWebsiteForms,
  getWebsiteForm,
  getWebsiteFormEvidence,
  assignWebsiteForm,
  replyToWebsiteForm,
  resolveWebsiteForm,
  submitChargeback,
  submitSupportRequest,
] as const satisfies readonly AnyCommand[];
