/** A choice offered for an id filter, e.g. a department by name. */
export interface FilterOption {
  value: string | number;
  label: string;
}
