import type { Implementation } from '../../handling/implement';
import type { AnyJobDefinition } from '../jobs/index';
import { helpDeskDeliveryJob } from './help-desk-delivery';
import { submitChargebackHandler, submitSupportRequestHandler } from './public-forms.handlers';
import {
  assignWebsiteFormHandler,
  getWebsiteFormEvidenceHandler,
  getWebsiteFormHandler,
  listWebsiteFormsHandler,
  replyToWebsiteFormHandler,
  resolveWebsiteFormHandler,
} from './website-forms.handlers';

export { HELP_DESK_JOB, helpDeskRetryDelayMs } from './help-desk-delivery';

/** The public forms (chargeback, support) and the Website Forms work queue. */
export const websiteFormImplementations: readonly Implementation[] = [
  listWebsiteFormsHandler,
  getWebsiteFormHandler,
  getWebsiteFormEvidenceHandler,
  assignWebsiteFormHandler,
  replyToWebsiteFormHandler,
  resolveWebsiteFormHandler,
  submitChargebackHandler,
  submitSupportRequestHandler,
];

/** The job that hands support requests to the help desk. */
export const websiteFormJobs: readonly AnyJobDefinition[] = [helpDeskDeliveryJob];
