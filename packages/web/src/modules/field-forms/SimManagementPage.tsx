import { listSimForms } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { FIELD_FORM_FILTER_OPTIONS } from './fieldFormFilterOptions';

/** SIM MGT: SIM swaps, top-ups, new SIMs and deactivations on terminals, newest first, with the network and SIM serial. Enter opens a form (its answers and photos). */
export default function SimManagementPage() {
  return (
    <ListPage
      command={listSimForms}
      title="SIM MGT"
      description="SIM swaps, top-ups, new SIMs and deactivations on terminals, newest first, with the network and SIM serial. Search by an officer's or merchant's name, or a terminal ID or serial number. Enter opens a form."
      rowNoun={{ one: 'form', other: 'forms' }}
      filterOptions={FIELD_FORM_FILTER_OPTIONS}
      selectable={false}
    />
  );
}
