import { listDeploymentSupportForms } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { FIELD_FORM_FILTER_OPTIONS } from './fieldFormFilterOptions';

/** Support Deployment: Deployment support visits: terminals set up, fixed or trained on at merchants' stores, newest first. Enter opens a form (its answers and photos). */
export default function SupportDeploymentPage() {
  return (
    <ListPage
      command={listDeploymentSupportForms}
      title="Support Deployment"
      description="Deployment support visits: terminals set up, fixed or trained on at merchants' stores, newest first. Search by an officer's or merchant's name, or a terminal ID or serial number. Enter opens a form."
      rowNoun={{ one: 'form', other: 'forms' }}
      filterOptions={FIELD_FORM_FILTER_OPTIONS}
      selectable={false}
    />
  );
}
