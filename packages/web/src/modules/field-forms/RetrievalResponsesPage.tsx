import { listRetrievalForms } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { FIELD_FORM_FILTER_OPTIONS } from './fieldFormFilterOptions';

/** Retrieval Response: Terminals taken back from merchants: why, in what condition and with what, newest first. Enter opens a form (its answers and photos). */
export default function RetrievalResponsesPage() {
  return (
    <ListPage
      command={listRetrievalForms}
      title="Retrieval Response"
      description="Terminals taken back from merchants: why, in what condition and with what, newest first. Search by an officer's or merchant's name, or a terminal ID or serial number. Enter opens a form."
      rowNoun={{ one: 'form', other: 'forms' }}
      filterOptions={FIELD_FORM_FILTER_OPTIONS}
      selectable={false}
    />
  );
}
