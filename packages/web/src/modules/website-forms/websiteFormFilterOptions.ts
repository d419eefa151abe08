import { WEBSITE_FORM_KIND_WORDS, WEBSITE_FORM_KINDS, WEBSITE_FORM_STATUS_WORDS, WEBSITE_FORM_STATUSES } from '@traction/core';

/** The queue's choices in the words the table uses. */
export const WEBSITE_FORM_FILTER_OPTIONS = {
  kind: WEBSITE_FORM_KINDS.map((kind) => ({ value: kind, label: WEBSITE_FORM_KIND_WORDS[kind] })),
  status: WEBSITE_FORM_STATUSES.map((status) => ({ value: status, label: WEBSITE_FORM_STATUS_WORDS[status] })),
};
