import type { Implementation } from '../../handling/implement';
import {
  getFieldFormHandler,
  getFieldFormPhotoHandler,
  listDeploymentSupportFormsHandler,
  listFieldFormsHandler,
  listRetrievalFormsHandler,
  listSimFormsHandler,
  listVisitationFormsHandler,
} from './field-forms.handlers';

/** For the demo data and tests: forms as the app sends them, and their photos' records. */
export { insertFieldFormPhotos, insertFieldForms, type NewFieldForm } from './field-forms.repository';

/** Forms field officers submit from the merchant-support app: deployment support, visitation, retrieval, SIM management. */
export const fieldFormImplementations: readonly Implementation[] = [
  listFieldFormsHandler,
  listDeploymentSupportFormsHandler,
  listVisitationFormsHandler,
  listRetrievalFormsHandler,
  listSimFormsHandler,
  getFieldFormHandler,
  getFieldFormPhotoHandler,
];
