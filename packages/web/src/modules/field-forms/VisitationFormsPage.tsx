import { listVisitationForms } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { FIELD_FORM_FILTER_OPTIONS } from './fieldFormFilterOptions';

/** Visitation Form Response: What field officers found on their visits to merchants, newest first, as submitted from the merchant-support app. Enter opens a form (its answers and photos). */
export default function VisitationFormsPage() {
  return (
    <ListPage
      command={listVisitationForms}
      title="Visitation Form Response"
      description="What field officers found on their visits to merchants, newest first, as submitted from the merchant-support app. Search by an officer's or merchant's name, or a terminal ID or serial number. Enter opens a form."
      rowNoun={{ one: 'form', other: 'forms' }}
      filterOptions={FIELD_FORM_FILTER_OPTIONS}
      selectable={false}
    />
  );
}
