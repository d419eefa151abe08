import type { AnyCommand } from '../../command';
import {
  getFieldForm,
  getFieldFormPhoto,
  listDeploymentSupportForms,
  listFieldForms,
  listRetrievalForms,
  listSimForms,
  listVisitationForms,
} from './field-forms';

export * from './field-forms';

/** Forms field officers submit from the merchant-support app: deployment support, visitation, retrieval, SIM management. In the order the palette and CLI help list them. */
export const fieldFormCommands = [
  listFieldForms,
  listDeploymentSupportForms,
  listVisitationForms,
  listRetrievalForms,
  listSimForms,
  getFieldForm,
  getFieldFormPhoto,
] as const satisfies readonly AnyCommand[];
