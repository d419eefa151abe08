/**
 * The key of the row the keyboard (or a click) last put the focus on in a list page's table,
 * read from the row's `data-active` hook: the table keeps which row is active to itself.
 */
export function activeRowKey(listId: string): string | undefined {
  const row = document.querySelector<HTMLElement>(`[data-list="${listId}"] [role="row"][data-active="true"]`);
  return row?.dataset.rowKey;
}
