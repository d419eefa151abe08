import { listFieldForms } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { FIELD_FORM_FILTER_OPTIONS } from './fieldFormFilterOptions';

/** Form Responses: Every form field officers submitted from the merchant-support app, of every kind, newest first. Enter opens a form (its answers and photos). */
export default function FormResponsesPage() {
  return (
    <ListPage
      command={listFieldForms}
      title="Form Responses"
      description="Every form field officers submitted from the merchant-support app, of every kind, newest first. Search by an officer's or merchant's name, or a terminal ID or serial number. Enter opens a form."
      rowNoun={{ one: 'form', other: 'forms' }}
      filterOptions={FIELD_FORM_FILTER_OPTIONS}
      selectable={false}
    />
  );
}
