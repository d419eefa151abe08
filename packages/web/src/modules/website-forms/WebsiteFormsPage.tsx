import { listWebsiteForms } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { WEBSITE_FORM_FILTER_OPTIONS } from './websiteFormFilterOptions';

/**
 * Website Forms: the work queue of what people send from the public chargeback and support
 * forms, newest first; by kind, status, who it is assigned to and when it arrived; searchable by
 * reference, name, email, phone, RRN or terminal ID; downloadable. A row opens the submission.
 */
export default function WebsiteFormsPage() {
  return (
    <ListPage
      command={listWebsiteForms}
      title="Website Forms"
      description="Chargebacks and support requests sent from the public forms, newest first. Search by reference (WF-000123), name, email, phone, RRN or terminal ID."
      rowNoun={{ one: 'submission', other: 'submissions' }}
      filterOptions={WEBSITE_FORM_FILTER_OPTIONS}
      selectable={false}
    />
  );
}
